/**
 * Documents (issue 14, schemas/api/documents.ts, services/documents.ts) through the real app on the
 * seeded demo: uploaded through the publishing API (multipart) and taken only when the bytes are of
 * an allowed type (table-driven: what file-type reads decides, not the name or the declared type;
 * nothing stored on a refusal), links, the files library's pages and sorts, downloads with
 * `Content-Disposition: attachment`, `nosniff` and a §9-safe name, images inline only when they are
 * images, who may download what (§6: a private organisation's attachments only for its members, a
 * document that is not listed only through a notification that shows it), and a notification's
 * attachments.
 */
import { and, count, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicDocuments } from '../../schemas/api/documents.ts';
import { documents, notifications } from '../../server/db/schema.ts';
import { makePublishingKey } from '../../server/services/publishing.ts';
import { getAs, newMember, type Member } from '../support/profile.ts';
import { useTestApp } from '../support/testApp.ts';

const t = useTestApp();
const keys: Record<string, string> = {};
let campusMember: Member;
let springfieldMember: Member;

beforeAll(async () => {
  for (const orgId of ['springfield', 'campus', 'acme']) {
    const made = await makePublishingKey(t.database.db, orgId, 'documents test');
    if (!made.ok) throw new Error('no key');
    keys[orgId] = made.key;
  }
  campusMember = await newMember(t.app, t.database.db, 'campus');
  springfieldMember = await newMember(t.app, t.database.db, 'springfield');
});

const demoFile = (name: string) => readFileSync(new URL(`../../server/db/demo/files/${name}`, import.meta.url));
const PDF = demoFile('emergency-kit-checklist.pdf');
const PNG = demoFile('boil-water-area.png');

/** A multipart/form-data body of the fields, then the file. */
function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer } | null) {
  const boundary = `----portal${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(orgId: string, fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer } | null, key = keys[orgId]!) {
  const body = multipart(fields, file);
  return t.app.inject({
    method: 'POST', url: `/api/v1/${orgId}/documents`, payload: body.payload,
    headers: { authorization: `Bearer ${key}`, 'content-type': body.contentType },
  });
}

const documentCount = async (orgId: string) => (await t.database.db.select({ n: count() }).from(documents).where(eq(documents.orgId, orgId)))[0]!.n;

describe('POST /api/v1/{orgId}/documents', () => {
  it.each([
    ['a PDF', 'plan.pdf', 'application/pdf', PDF, 'application/pdf'],
    ['a PNG declared as anything', 'map.bin', 'application/octet-stream', PNG, 'image/png'],
    ['a CSV in UTF-8', 'shelters.csv', 'text/csv', Buffer.from('Name,Address\nLibrary,326 S 7th St\nCafé,1 Main St\n'), 'text/csv; charset=utf-8'],
  ])('takes %s by what its bytes are', async (_what, fileName, declared, bytes, stored) => {
    const response = await upload('springfield', { name: `Test ${fileName}` }, { name: fileName, type: declared, bytes });
    expect(response.statusCode, response.body).toBe(201);
    const { fileId, name } = response.json() as { fileId: string; name: string };
    expect(name).toBe(`Test ${fileName}`);
    const [row] = await t.database.db.select().from(documents).where(eq(documents.fileId, fileId));
    expect(row).toMatchObject({ orgId: 'springfield', documentType: 'file', originalFileName: fileName, contentType: stored, sizeBytes: bytes.length, public: true });
    expect(Buffer.from(row!.data!, 'base64').equals(bytes)).toBe(true);
  });

  it.each([
    ['an SVG (it can carry script)', 'logo.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'), 415, 'document.typeNotAllowed'],
    ['HTML named .pdf', 'page.pdf', 'application/pdf', Buffer.from('<html><script>alert(1)</script></html>'), 415, 'document.typeNotAllowed'],
    ['a Windows program', 'setup.pdf', 'application/pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 415, 'document.typeNotAllowed'],
    ['a .txt file with control characters', 'notes.txt', 'text/plain', Buffer.from('a\u0000b\u0001c'), 415, 'document.typeNotAllowed'],
    ['a .txt file that is not UTF-8', 'notes.txt', 'text/plain', Buffer.from([0x66, 0xff, 0xfe, 0x66]), 415, 'document.typeNotAllowed'],
    ['an empty file', 'empty.pdf', 'application/pdf', Buffer.alloc(0), 400, 'document.empty'],
    ['a file over 10 MB', 'big.pdf', 'application/pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 413, 'document.tooLarge'],
  ])('refuses %s with nothing stored', async (_what, fileName, declared, bytes, status, errorCode) => {
    const before = await documentCount('springfield');
    const response = await upload('springfield', { name: 'Refused' }, { name: fileName, type: declared, bytes });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ errorCode });
    expect(await documentCount('springfield')).toBe(before);
  });

  it.each([
    ['no key', undefined, 401],
    ['another organisation\'s key', 'campus', 401],
  ])('refuses an upload with %s (401), nothing stored', async (_what, keyOf, status) => {
    const before = await documentCount('springfield');
    const body = multipart({ name: 'x' }, { name: 'plan.pdf', type: 'application/pdf', bytes: PDF });
    const response = await t.app.inject({
      method: 'POST', url: '/api/v1/springfield/documents', payload: body.payload,
      headers: { 'content-type': body.contentType, ...(keyOf ? { authorization: `Bearer ${keys[keyOf]}` } : {}) },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ errorCode: 'publishing.unauthorized' });
    expect(await documentCount('springfield')).toBe(before);
  });

  it('refuses a body that is not multipart (415) and a link that is not https (400)', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/springfield/documents', headers: { authorization: `Bearer ${keys.springfield}` }, payload: { name: 'x' } });
    expect(json.statusCode).toBe(415);
    const link = await t.app.inject({
      method: 'POST', url: '/api/v1/springfield/documents/links', headers: { authorization: `Bearer ${keys.springfield}` },
      payload: { name: 'Plain http', fileLink: 'http://example.org/plan' },
    });
    expect(link.statusCode).toBe(400);
    expect(link.json().errorCode).toBe('request.invalid');
  });
});

describe('GET /rest/files/public-documents', () => {
  const list = (query: string) => t.app.inject({ url: `/rest/files/public-documents?${query}` });

  it('lists the public documents a page at a time, newest first, or by name either way; never one that is not public', async () => {
    const first = await list('organizationId=springfield');
    expect(first.statusCode).toBe(200);
    const answer = first.json() as PublicDocuments;
    const all = await t.database.db.select().from(documents).where(and(eq(documents.orgId, 'springfield'), eq(documents.public, true)));
    expect(answer.totalCount).toBe(all.length);
    expect(answer.data.length).toBe(Math.min(10, all.length));
    expect(answer.data.map((d) => d.id)).not.toContain('spfld-doc-boilmap');
    const times = answer.data.map((d) => d.lastModifiedDate);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const byName = (await list('organizationId=springfield&sort=name&order=asc&pageSize=100')).json() as PublicDocuments;
    const names = byName.data.map((d) => d.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
    const reversed = (await list('organizationId=springfield&sort=name&order=desc&pageSize=100')).json() as PublicDocuments;
    expect(reversed.data.map((d) => d.id)).toEqual([...byName.data.map((d) => d.id)].reverse());
    expect(byName.data.find((d) => d.id === 'spfld-doc-ready')).toEqual(expect.objectContaining({ documentType: 'Link', fileLink: 'https://www.ready.gov/plan' }));
  });

  it.each([
    ['an organisation without a files library', 'organizationId=acme', 404, 'files.off'],
    ['an unknown organisation', 'organizationId=nowhere', 404, 'org.notFound'],
    ['a page size over 100', 'organizationId=springfield&pageSize=101', 400, 'request.invalid'],
    ['an unknown sort', 'organizationId=springfield&sort=size', 400, 'request.invalid'],
  ])('refuses %s', async (_what, query, status, errorCode) => {
    const response = await list(query);
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
  });
});

describe('downloads', () => {
  it('sends a public file as an attachment under a safe name, nosniff, sandboxed', async () => {
    const response = await t.app.inject({ url: '/rest/files/download/spfld-doc-kit?organizationId=springfield' });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="emergency-kit-checklist.pdf"',
      'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(response.rawPayload.equals(PDF)).toBe(true);
  });

  it('saves a file whose name has quotes, slashes and line ends under a §9-safe name', async () => {
    const made = await upload('springfield', { name: 'Odd' }, { name: 'a"b;\\c\r\nd/../x.pdf', type: 'application/pdf', bytes: PDF });
    expect(made.statusCode, made.body).toBe(201);
    const response = await t.app.inject({ url: `/rest/files/download/${made.json().fileId}?organizationId=springfield` });
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[\w .-]+"$/);
  });

  it.each([
    ['another organisation named', '/rest/files/download/spfld-doc-kit?organizationId=campus'],
    ['an unknown file', '/rest/files/download/nothing-here?organizationId=springfield'],
    ['a link document (it has no bytes)', '/rest/files/download/spfld-doc-ready?organizationId=springfield'],
    ['a document that is not public and is asked for as a library file… of another organisation', '/rest/files/download/spfld-doc-boilmap?organizationId=campus'],
    ['a PDF asked for as an image', '/download/image/spfld-doc-kit'],
    ['a PDF asked for as an image attachment (1)', '/download/attachment/spfld-doc-kit/1'],
  ])('answers 404 document.notFound for %s', async (_what, url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorCode: 'document.notFound' });
  });

  it('shows an image attached to a notification inline, though it is not in the library', async () => {
    const response = await t.app.inject({ url: '/download/image/spfld-doc-boilmap' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toMatch(/^inline; /);
    const attachment = await t.app.inject({ url: '/download/attachment/spfld-doc-boilmap/1' });
    expect(attachment.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('gives a private organisation\'s attachment to its members only, not to another organisation\'s (§6)', async () => {
    const made = await upload('campus', { name: 'Floor plan', public: 'false' }, { name: 'floor.png', type: 'image/png', bytes: PNG });
    const { fileId } = made.json() as { fileId: string };
    // Not attached to anything yet: nobody.
    expect((await getAs(t.app, campusMember, `/download/attachment/${fileId}/1`)).statusCode).toBe(404);
    const published = await t.app.inject({
      method: 'PUT', url: '/api/v1/campus/notifications/campus-floor', headers: { authorization: `Bearer ${keys.campus}` },
      payload: { title: 'Where to go', textMessage: 'See the plan.', attachmentFileIds: [fileId] },
    });
    expect(published.statusCode, published.body).toBe(201);
    expect((await t.app.inject({ url: `/download/attachment/${fileId}/1` })).statusCode).toBe(404);
    // Another organisation's member is a visitor here.
    expect((await getAs(t.app, springfieldMember, `/download/attachment/${fileId}/1`)).statusCode).toBe(404);
    const member = await getAs(t.app, campusMember, `/download/attachment/${fileId}/1`);
    expect(member.statusCode).toBe(200);
    expect(member.headers['cache-control']).toBe('private, max-age=0');
    const detail = await getAs(t.app, campusMember, '/rest/notif/campus-floor?orgId=campus');
    expect(detail.json().result.attachmentFiles).toEqual([{ fileId, fileName: 'floor.png', fileType: 'image/png', image: true }]);
  });
});

describe('notifications with attachments', () => {
  it('refuses a file the organisation has not (400 notification.attachmentUnknown), nothing stored', async () => {
    const before = (await t.database.db.select({ n: count() }).from(notifications).where(eq(notifications.orgId, 'springfield')))[0]!.n;
    for (const attachmentFileIds of [['nothing-here'], ['spfld-doc-ready'] /* a link, not a file */]) {
      const response = await t.app.inject({
        method: 'POST', url: '/api/v1/springfield/notifications', headers: { authorization: `Bearer ${keys.springfield}` },
        payload: { title: 'With a file', textMessage: 'See attached.', attachmentFileIds },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errorCode).toBe('notification.attachmentUnknown');
    }
    const campusFile = await upload('campus', { name: 'Elsewhere' }, { name: 'x.pdf', type: 'application/pdf', bytes: PDF });
    const other = await t.app.inject({
      method: 'POST', url: '/api/v1/springfield/notifications', headers: { authorization: `Bearer ${keys.springfield}` },
      payload: { title: 'With a file', textMessage: 'See attached.', attachmentFileIds: [campusFile.json().fileId] },
    });
    expect(other.json().errorCode).toBe('notification.attachmentUnknown');
    expect((await t.database.db.select({ n: count() }).from(notifications).where(eq(notifications.orgId, 'springfield')))[0]!.n).toBe(before);
  });

  it('lists the demo notification\'s attachment with its name and type', async () => {
    const detail = (await t.app.inject({ url: '/rest/notif/spfld-2026-0142?orgId=springfield' })).json();
    expect(detail.result.attachmentFiles).toEqual([{ fileId: 'spfld-doc-kit', fileName: 'emergency-kit-checklist.pdf', fileType: 'application/pdf', image: false }]);
  });

  it('withdraws a document, then answers 404 document.notFound', async () => {
    const made = await upload('acme', { name: 'Gone soon' }, { name: 'gone.pdf', type: 'application/pdf', bytes: PDF });
    const { fileId } = made.json() as { fileId: string };
    const remove = () => t.app.inject({ method: 'DELETE', url: `/api/v1/acme/documents/${fileId}`, headers: { authorization: `Bearer ${keys.acme}` } });
    expect((await remove()).json()).toEqual({ status: 'ok' });
    const again = await remove();
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ errorCode: 'document.notFound' });
  });
});
