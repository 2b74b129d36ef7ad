/**
 * Communications (issue 14, §3 Communication, schemas/api/comms.ts) through the real app on the seeded
 * demo: published through the publishing API (the message's HTML sanitised, the files the
 * organisation's own, bad input refused with nothing stored), read at `GET /rest/comms/{commsId}` by
 * whoever has the address (a private organisation's too: the 128-bit id is the capability) with the
 * fields §3 names, the organisation's id and name (§4) and whether it may be shared (§6), their
 * files downloadable by the same readers, and withdrawn.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { communications } from '../../server/db/schema.ts';
import { makePublishingKey } from '../../server/services/publishing.ts';
import { useTestApp } from '../support/testApp.ts';

const t = useTestApp();
const keys: Record<string, string> = {};

beforeAll(async () => {
  for (const orgId of ['springfield', 'campus']) {
    const made = await makePublishingKey(t.database.db, orgId, 'comms test');
    if (!made.ok) throw new Error('no key');
    keys[orgId] = made.key;
  }
});

const publish = (orgId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${orgId}/communications`, headers: { authorization: `Bearer ${keys[orgId]}` }, payload });
const stored = async () => (await t.database.db.select({ n: count() }).from(communications))[0]!.n;

describe('communications', () => {
  it('publishes one under a random 128-bit id and answers it with §3\'s fields, its organisation and whether it may be shared', async () => {
    const response = await publish('springfield', {
      title: 'Road salt supply', message: '<p onclick="x()">Salt is <b>free</b></p><script>alert(1)</script>', textMessage: 'Salt is free',
      priority: 'Priority', sendDate: '2026-11-28T10:00:00Z', attachmentFileIds: ['spfld-doc-kit'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { commsId, url } = response.json() as { commsId: string; url: string };
    expect(commsId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(url).toBe(`http://localhost/comms/${commsId}`);
    const read = await t.app.inject({ url: `/rest/comms/${commsId}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      orgId: 'springfield', orgName: 'City of Springfield', commsId, title: 'Road salt supply', message: '<p>Salt is <b>free</b></p>', textMessage: 'Salt is free',
      attachmentFiles: [{ fileId: 'spfld-doc-kit', fileName: 'emergency-kit-checklist.pdf', fileType: 'application/pdf', image: false }],
      sendDate: Date.parse('2026-11-28T10:00:00Z'), priority: 'Priority', shareable: true,
    });
    expect(read.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
  });

  it('answers a private organisation\'s communication to whoever has its address, not shareable, with its files', async () => {
    const upload = await t.app.inject({
      method: 'POST', url: '/api/v1/campus/documents/links', headers: { authorization: `Bearer ${keys.campus}` },
      payload: { name: 'Campus map', fileLink: 'https://example.edu/map' },
    });
    expect(upload.statusCode).toBe(201);
    const response = await publish('campus', { title: 'Library closed', textMessage: 'Closed until Monday.' });
    const { commsId } = response.json() as { commsId: string };
    const read = await t.app.inject({ url: `/rest/comms/${commsId}` });
    expect(read.json()).toMatchObject({ orgId: 'campus', title: 'Library closed', message: '', textMessage: 'Closed until Monday.', shareable: false, priority: 'NonPriority' });
    expect(read.headers['cache-control']).toBe('private, max-age=0');
  });

  it('lets the readers of a communication download its files, though they are not listed and the organisation is private', async () => {
    const boundary = '----comms';
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="public"\r\n\r\nfalse\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`),
      png, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await t.app.inject({
      method: 'POST', url: '/api/v1/campus/documents', payload, headers: { authorization: `Bearer ${keys.campus}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { fileId } = upload.json() as { fileId: string };
    expect((await t.app.inject({ url: `/download/image/${fileId}` })).statusCode).toBe(404);
    expect((await publish('campus', { title: 'See the picture', attachmentFileIds: [fileId] })).statusCode).toBe(201);
    const image = await t.app.inject({ url: `/download/image/${fileId}` });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png)).toBe(true);
  });

  it.each([
    ['no title', { textMessage: 'x' }, 'request.invalid'],
    ['a title of 201 characters', { title: 'x'.repeat(201) }, 'request.invalid'],
    ['an unknown priority', { title: 'x', priority: 'Urgent' }, 'request.invalid'],
    ['a file the organisation has not', { title: 'x', attachmentFileIds: ['nothing-here'] }, 'notification.attachmentUnknown'],
  ])('refuses %s with nothing stored', async (_what, payload, errorCode) => {
    const before = await stored();
    const response = await publish('springfield', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe(errorCode);
    expect(await stored()).toBe(before);
  });

  it('answers 404 comms.notFound for an id there is none of, and after a withdrawal', async () => {
    expect((await t.app.inject({ url: '/rest/comms/no-such-communication' })).json()).toEqual({ errorCode: 'comms.notFound' });
    const { commsId } = (await publish('springfield', { title: 'Soon gone' })).json() as { commsId: string };
    const remove = () => t.app.inject({ method: 'DELETE', url: `/api/v1/springfield/communications/${commsId}`, headers: { authorization: `Bearer ${keys.springfield}` } });
    expect((await remove()).json()).toEqual({ status: 'ok' });
    expect((await remove()).statusCode).toBe(404);
    const gone = await t.app.inject({ url: `/rest/comms/${commsId}` });
    expect(gone.statusCode).toBe(404);
    expect(await t.database.db.select().from(communications).where(eq(communications.commsId, commsId))).toEqual([]);
  });

  it('refuses to publish without the organisation\'s key (401), nothing stored', async () => {
    const before = await stored();
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/springfield/communications', headers: { authorization: `Bearer ${keys.campus}` }, payload: { title: 'x' } });
    expect(response.statusCode).toBe(401);
    expect(await stored()).toBe(before);
  });
});
