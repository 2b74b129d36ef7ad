/**
 * The mail adapter (server/services/mail.ts) against a real SMTP server on loopback (the
 * `smtp-server` package: the protocol nodemailer speaks, no mocked function), and the demo mailbox
 * `GET /rest/demo/mails?orgId` (server/routes/demo.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { mailOutbox } from '../../server/db/schema.ts';
import { createMailer, type MailLog } from '../../server/services/mail.ts';
import { headersOf, startSmtpServer, textBodyOf, type TestSmtpServer } from '../support/smtpServer.ts';
import { useTestApp } from '../support/testApp.ts';
import { closedPort } from '../support/closedPort.ts';

/** Collects what the mailer logs. */
function recordingLog(): MailLog & { entries: { details: object; message: string }[] } {
  const entries: { details: object; message: string }[] = [];
  return { entries, error: (details, message) => entries.push({ details, message }) };
}

const RESET_URL = 'http://127.0.0.1:8080/springfield/reset-password?token=Zm9vYmFy';
const resetMail = {
  to: 'ada.member@example.org',
  kind: 'resetPassword' as const,
  subject: 'Reset your password',
  text: `Hello Ada,\n\nfollow this link to choose a new password:\n${RESET_URL}\n\nIf you did not ask for it, ignore this mail.`,
};

const t = useTestApp();
afterEach(async () => {
  await t.database.db.delete(mailOutbox);
});

async function outboxRow(orgId: string, mailId: number) {
  const [row] = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.orgId, orgId), eq(mailOutbox.mailId, mailId)));
  if (!row) throw new Error(`no outbox row ${orgId}/${mailId}`);
  return row;
}

describe('the mailer with SMTP_URL', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('writes the outbox row, delivers the mail over SMTP and records sentAt', async () => {
    const mailer = createMailer({ db: t.database.db, smtpUrl: smtp.url, from: 'City of Springfield <portal@springfield.example>' });
    expect(mailer.delivers).toBe(true);
    const before = Date.now();
    const { mailId, delivery } = (await mailer.send('springfield', resetMail))!;
    const outcome = await delivery;
    await mailer.close();

    expect(outcome.error).toBeNull();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.mailFrom).toBe('portal@springfield.example');
    expect(mail!.rcptTo).toEqual(['ada.member@example.org']);
    const headers = headersOf(mail!.raw);
    expect(headers.get('to')).toBe('ada.member@example.org');
    expect(headers.get('from')).toBe('City of Springfield <portal@springfield.example>');
    expect(headers.get('subject')).toBe('Reset your password');
    expect(headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8/);
    const body = textBodyOf(mail!.raw);
    expect(body.trimEnd()).toBe(resetMail.text);
    expect(body).toContain(RESET_URL);

    const row = await outboxRow('springfield', mailId);
    expect(row).toMatchObject({ recipient: 'ada.member@example.org', subject: 'Reset your password', text: resetMail.text, html: null, error: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.sentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.sentAt!.getTime()).toBe(outcome.sentAt!.getTime());
  });

  it('sends the HTML alternative beside the text and keeps both in the row', async () => {
    const mailer = createMailer({ db: t.database.db, smtpUrl: smtp.url });
    smtp.received.length = 0;
    const html = `<p>Follow <a href="${RESET_URL}">this link</a>.</p>`;
    const { mailId, delivery } = (await mailer.send('acme', { ...resetMail, html }))!;
    expect((await delivery).error).toBeNull();
    await mailer.close();

    const raw = smtp.received[0]!.raw;
    expect(headersOf(raw).get('content-type')).toMatch(/^multipart\/alternative; boundary=/);
    expect(headersOf(raw).get('from')).toBe('Member portal <no-reply@localhost>');
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    const row = await outboxRow('acme', mailId);
    expect(row.html).toBe(html);
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('lets the app close only after a delivery under way is recorded', async () => {
    const slow = await startSmtpServer({ delayMs: 300 });
    const mailer = createMailer({ db: t.database.db, smtpUrl: slow.url });
    const app = await buildApp({ db: t.database.db, client: null, demo: true, serverVersion: '0.0.0-test', mailer });
    await app.ready();
    expect(app.mailer).toBe(mailer);
    const { mailId } = (await app.mailer.send('springfield', resetMail))!;
    expect((await outboxRow('springfield', mailId)).sentAt).toBeNull();
    await app.close();
    expect((await outboxRow('springfield', mailId)).sentAt).toBeInstanceOf(Date);
    await mailer.close();
    await slow.close();
  });
});

describe('the mailer when delivery fails', () => {
  it('keeps the error on the row, logs it and does not throw when the SMTP server is down', async () => {
    const log = recordingLog();
    const mailer = createMailer({ db: t.database.db, smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, log });
    const { mailId, delivery } = (await mailer.send('springfield', resetMail))!;
    const outcome = await delivery;
    await mailer.close();

    expect(outcome.sentAt).toBeNull();
    expect(outcome.error).toMatch(/ECONNREFUSED/);
    const row = await outboxRow('springfield', mailId);
    expect(row.sentAt).toBeNull();
    expect(row.error).toBe(outcome.error);
    expect(log.entries).toEqual([{ message: 'mail not delivered', details: { orgId: 'springfield', mailId, error: outcome.error } }]);
  });

  it('keeps the SMTP server\'s refusal on the row', async () => {
    const refusing = await startSmtpServer({ refuse: 'No such mailbox here' });
    const log = recordingLog();
    const mailer = createMailer({ db: t.database.db, smtpUrl: refusing.url, log });
    const { mailId, delivery } = (await mailer.send('acme', resetMail))!;
    await delivery;
    await mailer.close();
    await refusing.close();

    const row = await outboxRow('acme', mailId);
    expect(row.sentAt).toBeNull();
    expect(row.error).toMatch(/550.*No such mailbox here/);
    expect(refusing.received).toEqual([]);
    expect(log.entries).toHaveLength(1);
  });

  it('rejects when the outbox row cannot be written (an unknown organisation): nothing is sent', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({ db: t.database.db, smtpUrl: smtp.url });
    await expect(mailer.send('no-such-org', resetMail)).rejects.toThrow();
    await mailer.close();
    await smtp.close();
    expect(smtp.received).toEqual([]);
  });
});

describe('the mailer without SMTP_URL', () => {
  it('keeps the mail in the outbox, unsent and without error', async () => {
    const mailer = createMailer({ db: t.database.db, smtpUrl: null });
    expect(mailer.delivers).toBe(false);
    const { mailId, delivery } = (await mailer.send('springfield', resetMail))!;
    expect(await delivery).toEqual({ sentAt: null, error: null });
    const row = await outboxRow('springfield', mailId);
    expect(row).toMatchObject({ recipient: resetMail.to, subject: resetMail.subject, text: resetMail.text, sentAt: null, error: null });
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it('is what the app uses when it is given no mailer', async () => {
    expect(t.app.mailer.delivers).toBe(false);
    const { mailId } = (await t.app.mailer.send('acme', resetMail))!;
    expect((await outboxRow('acme', mailId)).sentAt).toBeNull();
  });
});

describe('GET /rest/demo/mails', () => {
  it('lists the newest mails of that organisation only, newest first', async () => {
    await t.app.mailer.send('springfield', { to: 'first@example.org', kind: 'other', subject: 'First', text: 'one' });
    await t.app.mailer.send('acme', { to: 'acme@example.org', kind: 'other', subject: 'Acme only', text: 'not for springfield' });
    const { mailId } = (await t.app.mailer.send('springfield', { to: 'second@example.org', kind: 'other', subject: 'Second', text: `two ${RESET_URL}` }))!;

    const response = await t.app.inject({ method: 'GET', url: '/rest/demo/mails?orgId=springfield' });
    expect(response.statusCode).toBe(200);
    const { mails } = response.json() as { mails: Record<string, unknown>[] };
    expect(mails.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(mails[0]).toEqual({
      mailId, recipient: 'second@example.org', subject: 'Second', text: `two ${RESET_URL}`, createdAt: expect.any(String), sentAt: null,
    });
    expect(Number.isNaN(Date.parse(mails[0]!.createdAt as string))).toBe(false);

    const acme = (await t.app.inject({ method: 'GET', url: '/rest/demo/mails?orgId=acme' })).json() as { mails: { subject: string }[] };
    expect(acme.mails.map((m) => m.subject)).toEqual(['Acme only']);
    const campus = await t.app.inject({ method: 'GET', url: '/rest/demo/mails?orgId=campus' });
    expect(campus.json()).toEqual({ mails: [] });
  });

  it('lists at most 50', async () => {
    await t.database.db.insert(mailOutbox).values(Array.from({ length: 51 }, (_, i) => ({
      orgId: 'springfield', recipient: `m${i}@example.org`, subject: `Mail ${i}`, text: 'x', createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    })));
    const { mails } = (await t.app.inject({ method: 'GET', url: '/rest/demo/mails?orgId=springfield' })).json() as { mails: { subject: string }[] };
    expect(mails).toHaveLength(50);
    expect(mails[0]!.subject).toBe('Mail 50');
    expect(mails.at(-1)!.subject).toBe('Mail 1');
  });

  it.each([
    ['a malformed orgId', '/rest/demo/mails?orgId=../acme'],
    ['no orgId', '/rest/demo/mails'],
    ['an empty orgId', '/rest/demo/mails?orgId='],
  ])('answers 400 request.invalid to %s', async (_case, url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('request.invalid');
  });

  it('answers 404 org.notFound for an organisation that does not exist', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/demo/mails?orgId=nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorCode: 'org.notFound' });
  });

  describe('outside demo mode, and where mails go out through SMTP', () => {
    let apps: FastifyInstance[];
    beforeAll(async () => {
      const withSmtp = createMailer({ db: t.database.db, smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
      apps = await Promise.all([
        buildApp({ db: t.database.db, client: null, demo: false, serverVersion: '0.0.0-test', publicUrl: 'https://portal.example.org' }),
        buildApp({ db: t.database.db, client: null, demo: true, serverVersion: '0.0.0-test', mailer: withSmtp }),
      ]);
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
    });

    it.each(['/rest/demo/mails?orgId=springfield', '/rest/demo/mails?orgId=../acme', '/rest/demo/mails'])('answers 404 demo.off to %s', async (url) => {
      await t.app.mailer.send('springfield', resetMail);
      for (const app of apps) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ errorCode: 'demo.off' });
      }
    });
  });
});
