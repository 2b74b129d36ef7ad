/**
 * The delivery layer (server/services/delivery/, issue 12 "Test notification, for real") against
 * real peers on loopback, no mocked function: a server speaking Twilio's REST format, one speaking
 * Slack's (webhook and Web API), the project's SMTP server, one that never answers and a port nobody
 * listens on. Each test reads what arrived at the peer, the outcome answered and the delivery_outbox
 * row, and the log is checked for secrets; then the demo mailbox's list of deliveries.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliveryOutbox, mailOutbox } from '../../server/db/schema.ts';
import { createDelivery, type DeliveryOptions } from '../../server/services/delivery/createDelivery.ts';
import type { DeliveryLog, DeliveryMessage } from '../../server/services/delivery/deliveryMessage.ts';
import { createMailer } from '../../server/services/mail.ts';
import { startSlackServer, type TestSlackServer } from '../support/slackServer.ts';
import { startSmtpServer, headersOf, textBodyOf, type TestSmtpServer } from '../support/smtpServer.ts';
import { useTestApp } from '../support/testApp.ts';
import { startTwilioServer, type TestTwilioServer } from '../support/twilioServer.ts';
import { closedPort } from '../support/closedPort.ts';

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'twilio-auth-token-S3CRET-5f1e';
const BOT_TOKEN = 'xoxb-bot-token-S3CRET-77aa';
const FROM = '+12175550100';
const MEMBER_NUMBER = '+12175550134';
const BAD_NUMBER = '+15005550001';
/** A confirmation code: it must never reach a log, nor stay in the clear once it went out. */
const CODE_TEXT = 'Your Springfield confirmation code is 482913';

const t = useTestApp();
let twilio: TestTwilioServer;
let slack: TestSlackServer;
let smtp: TestSmtpServer;

/** Collects what the delivery layer (and the mailer through it) logs. */
function recordingLog(): DeliveryLog & { lines: { level: string; details: object; message: string }[] } {
  const lines: { level: string; details: object; message: string }[] = [];
  return {
    lines,
    info: (details, message) => lines.push({ level: 'info', details, message }),
    warn: (details, message) => lines.push({ level: 'warn', details, message }),
    error: (details, message) => lines.push({ level: 'error', details, message }),
  };
}
const log = recordingLog();

function delivery(options: Partial<DeliveryOptions> = {}) {
  return createDelivery({
    db: t.database.db,
    mailer: createMailer({ db: t.database.db, smtpUrl: null }),
    sms: { apiUrl: twilio.url, accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM },
    slackBot: { apiUrl: slack.apiUrl, botToken: BOT_TOKEN },
    slackWebhookPrefix: `${slack.url}/services/`,
    retryDelaysMs: [10, 10],
    log,
    ...options,
  });
}

const message = (fields: Partial<DeliveryMessage> & Pick<DeliveryMessage, 'pathType' | 'address'>): DeliveryMessage => ({
  orgId: 'springfield', contactId: null, kind: 'test', text: 'This is a test notification from the City of Springfield.', ...fields,
});

async function row(deliveryId: number | null) {
  const [found] = await t.database.db.select().from(deliveryOutbox).where(and(eq(deliveryOutbox.orgId, 'springfield'), eq(deliveryOutbox.deliveryId, deliveryId ?? -1)));
  if (!found) throw new Error(`no delivery_outbox row ${deliveryId}`);
  return found;
}

beforeAll(async () => {
  twilio = await startTwilioServer({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, badNumbers: [BAD_NUMBER] });
  slack = await startSlackServer({ botToken: BOT_TOKEN, channels: ['U024BE7LH', 'C0123ALERTS'], users: { 'ada@springfield.example': 'U024BE7LH' } });
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await Promise.all([twilio.close(), slack.close(), smtp.close()]);
});
afterEach(() => {
  twilio.received.length = 0;
  slack.received.length = 0;
});

describe('SMS and voice through a Twilio-compatible API', () => {
  it('posts an SMS to Messages.json with Basic auth and the form fields, and records it sent, masked, without its text', async () => {
    const result = await delivery().deliver(message({ pathType: 'SMS', address: MEMBER_NUMBER, kind: 'confirmation', text: CODE_TEXT }));

    expect(twilio.received).toHaveLength(1);
    const [request] = twilio.received;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request!.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`);
    expect(request!.contentType).toBe('application/x-www-form-urlencoded');
    expect(request!.form).toEqual({ To: MEMBER_NUMBER, From: FROM, Body: CODE_TEXT });

    expect(result).toMatchObject({ outcome: 'sent', adapter: 'sms', errorCode: null });
    expect(result.providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(await row(result.deliveryId)).toMatchObject({
      pathType: 'SMS', kind: 'confirmation', adapter: 'sms', outcome: 'sent', recipient: null, recipientMasked: '+•••••••0134',
      text: null, subject: null, providerId: result.providerId, requests: 1, errorCode: null,
    });
  });

  it('reads a national number with its country code', async () => {
    const result = await delivery().deliver(message({ pathType: 'SMS', address: '(217) 555-0134', countryCode: 'US' }));
    expect(result.outcome).toBe('sent');
    expect(twilio.received[0]!.form.To).toBe(MEMBER_NUMBER);
  });

  it('places a call through Calls.json that says the text, escaped in its TwiML', async () => {
    const result = await delivery().deliver(message({ pathType: 'PHONE', address: MEMBER_NUMBER, text: 'Test <notification> from Springfield & co' }));
    expect(result).toMatchObject({ outcome: 'sent', adapter: 'voice' });
    expect(result.providerId).toMatch(/^CA[0-9a-f]{32}$/);
    const [request] = twilio.received;
    expect(request!.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Calls.json`);
    expect(request!.form).toEqual({
      To: MEMBER_NUMBER, From: FROM, Twiml: '<Response><Say>Test &lt;notification&gt; from Springfield &amp; co</Say></Response>',
    });
  });

  it("answers failed with Twilio's error code for a bad number, its message without the number", async () => {
    const result = await delivery().deliver(message({ pathType: 'SMS', address: BAD_NUMBER }));
    expect(result).toMatchObject({ outcome: 'failed', adapter: 'sms', errorCode: 'twilio.21211' });
    expect(result.detail).toBe("The 'To' number +•••••••0001 is not a valid phone number.");
    expect(await row(result.deliveryId)).toMatchObject({ outcome: 'failed', errorCode: 'twilio.21211', recipient: null, detail: result.detail });
  });

  it('answers failed twilio.20003 when the credentials are refused', async () => {
    const result = await delivery({ sms: { apiUrl: twilio.url, accountSid: ACCOUNT_SID, authToken: 'wrong-token', from: FROM } })
      .deliver(message({ pathType: 'SMS', address: MEMBER_NUMBER }));
    expect(result).toMatchObject({ outcome: 'failed', errorCode: 'twilio.20003', detail: 'Authenticate' });
  });

  it('tries again after a 503, at most twice', async () => {
    const flaky = await startTwilioServer({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, failFirst: 2 });
    const down = await startTwilioServer({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, failFirst: 5 });
    try {
      const sms = { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM };
      const recovered = await delivery({ sms: { ...sms, apiUrl: flaky.url } }).deliver(message({ pathType: 'SMS', address: MEMBER_NUMBER }));
      expect(recovered.outcome).toBe('sent');
      expect(flaky.received).toHaveLength(3);
      expect((await row(recovered.deliveryId)).requests).toBe(3);

      const failed = await delivery({ sms: { ...sms, apiUrl: down.url } }).deliver(message({ pathType: 'SMS', address: MEMBER_NUMBER }));
      expect(failed).toMatchObject({ outcome: 'failed', errorCode: 'twilio.20503' });
      expect(down.received).toHaveLength(3);
    } finally {
      await Promise.all([flaky.close(), down.close()]);
    }
  });

  it('answers failed delivery.unreachable when nothing listens, after its retries', async () => {
    const port = await closedPort();
    const result = await delivery({ sms: { apiUrl: `http://127.0.0.1:${port}`, accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM } })
      .deliver(message({ pathType: 'SMS', address: MEMBER_NUMBER }));
    expect(result).toMatchObject({ outcome: 'failed', errorCode: 'delivery.unreachable' });
    expect(result.detail).toContain('ECONNREFUSED');
    expect((await row(result.deliveryId)).requests).toBe(3);
  });

  it('gives up on a server that never answers after its timeout, without trying again', async () => {
    const sockets: Socket[] = [];
    // What counts is the requests that arrived (a second one would be a second message), not the
    // connections: the client may open a spare one under load (one CI run on PostgreSQL saw two).
    let received = 0;
    const silent: Server = createHttpServer(() => { received++; /* never answers */ });
    silent.on('connection', (socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const { port } = silent.address() as AddressInfo;
    try {
      const started = Date.now();
      const result = await delivery({ timeoutMs: 300, sms: { apiUrl: `http://127.0.0.1:${port}`, accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM } })
        .deliver(message({ pathType: 'SMS', address: MEMBER_NUMBER }));
      const elapsed = Date.now() - started;
      expect(result).toMatchObject({ outcome: 'failed', adapter: 'sms', errorCode: 'delivery.timeout' });
      expect(elapsed).toBeGreaterThanOrEqual(290);
      expect(elapsed).toBeLessThan(2_000);
      expect((await row(result.deliveryId)).requests).toBe(1);
      // Nothing comes after the timeout either.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toBe(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('refuses, before any request, an SMS over 1600 characters and an address that is not a number', async () => {
    const long = await delivery().deliver(message({ pathType: 'SMS', address: MEMBER_NUMBER, text: 'x'.repeat(1601) }));
    expect(long).toMatchObject({ outcome: 'failed', adapter: 'sms', errorCode: 'delivery.textTooLong' });
    const fits = await delivery().deliver(message({ pathType: 'SMS', address: MEMBER_NUMBER, text: 'x'.repeat(1600) }));
    expect(fits.outcome).toBe('sent');
    const notANumber = await delivery().deliver(message({ pathType: 'SMS', address: 'call me maybe' }));
    expect(notANumber).toMatchObject({ outcome: 'failed', errorCode: 'delivery.badAddress' });
    const tooLongAddress = await delivery().deliver(message({ pathType: 'SMS', address: `+1${'2'.repeat(600)}` }));
    expect(tooLongAddress).toMatchObject({ outcome: 'failed', errorCode: 'delivery.badAddress' });
    expect(twilio.received).toHaveLength(1);
  });
});

describe('Slack', () => {
  it('posts {text} to an incoming webhook, which answers ok', async () => {
    const result = await delivery({ slackBot: null }).deliver(message({ pathType: 'SLACK', address: slack.webhookUrl }));
    expect(result).toMatchObject({ outcome: 'sent', adapter: 'slackWebhook', errorCode: null });
    expect(slack.received).toEqual([expect.objectContaining({
      method: 'POST', path: new URL(slack.webhookUrl).pathname, contentType: 'application/json', payload: { text: 'This is a test notification from the City of Springfield.' },
    })]);
    // The webhook's address is its secret: kept masked.
    expect(await row(result.deliveryId)).toMatchObject({ recipient: null, recipientMasked: `${slack.url}/•••` });
  });

  it("answers failed with the webhook's error word, and posts nowhere outside SLACK_WEBHOOK_PREFIX", async () => {
    const gone = await delivery().deliver(message({ pathType: 'SLACK', address: `${slack.url}/services/T0001/B0001/revoked` }));
    expect(gone).toMatchObject({ outcome: 'failed', adapter: 'slackWebhook', errorCode: 'slack.no_service' });
    const elsewhere = await delivery().deliver(message({ pathType: 'SLACK', address: 'http://127.0.0.1:9/services/T/B/x' }));
    expect(elsewhere).toMatchObject({ outcome: 'failed', adapter: 'slackWebhook', errorCode: 'delivery.badAddress' });
    expect(slack.received).toHaveLength(1);
  });

  it('posts with chat.postMessage and the bot token to a member id', async () => {
    const result = await delivery().deliver(message({ pathType: 'SLACK', address: 'U024BE7LH' }));
    expect(result).toMatchObject({ outcome: 'sent', adapter: 'slackApi', providerId: '1700000000.000100' });
    expect(slack.received).toEqual([expect.objectContaining({
      method: 'POST', path: '/api/chat.postMessage', authorization: `Bearer ${BOT_TOKEN}`, contentType: 'application/json; charset=utf-8',
      payload: { channel: 'U024BE7LH', text: 'This is a test notification from the City of Springfield.' },
    })]);
  });

  it('looks a Slack e-mail address up first (users.lookupByEmail), then posts to that member', async () => {
    const result = await delivery().deliver(message({ pathType: 'SLACK', address: 'ada@springfield.example' }));
    expect(result).toMatchObject({ outcome: 'sent', adapter: 'slackApi' });
    expect(slack.received.map((r) => [r.method, r.path, r.payload])).toEqual([
      ['GET', '/api/users.lookupByEmail', { email: 'ada@springfield.example' }],
      ['POST', '/api/chat.postMessage', { channel: 'U024BE7LH', text: 'This is a test notification from the City of Springfield.' }],
    ]);
    const unknown = await delivery().deliver(message({ pathType: 'SLACK', address: 'nobody@springfield.example' }));
    expect(unknown).toMatchObject({ outcome: 'failed', errorCode: 'slack.users_not_found' });
  });

  it("answers failed with Slack's error for an unknown channel and for a refused token", async () => {
    const result = await delivery().deliver(message({ pathType: 'SLACK', address: 'C0NOSUCH1' }));
    expect(result).toMatchObject({ outcome: 'failed', adapter: 'slackApi', errorCode: 'slack.channel_not_found' });
    expect(await row(result.deliveryId)).toMatchObject({ outcome: 'failed', errorCode: 'slack.channel_not_found' });
    const refused = await delivery({ slackBot: { apiUrl: slack.apiUrl, botToken: 'xoxb-revoked' } }).deliver(message({ pathType: 'SLACK', address: 'C0123ALERTS' }));
    expect(refused).toMatchObject({ outcome: 'failed', errorCode: 'slack.invalid_auth' });
  });
});

describe('e-mail paths through the mailer', () => {
  afterEach(async () => {
    await t.database.db.delete(mailOutbox);
  });

  it('delivers over SMTP and records it sent, with the mail outbox id', async () => {
    const mailer = createMailer({ db: t.database.db, smtpUrl: smtp.url, from: 'City of Springfield <portal@springfield.example>' });
    const result = await delivery({ mailer }).deliver(message({
      pathType: 'EMAIL', address: 'ada.member@example.org', kind: 'confirmation', subject: 'Confirm your e-mail address', text: CODE_TEXT,
    }));
    await mailer.close();
    expect(result).toMatchObject({ outcome: 'sent', adapter: 'email', errorCode: null });
    const mail = await smtp.nextMail('ada.member@example.org');
    expect(headersOf(mail.raw).get('subject')).toBe('Confirm your e-mail address');
    expect(textBodyOf(mail.raw).trimEnd()).toBe(CODE_TEXT);
    const [outboxMail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.mailId, Number(result.providerId)));
    expect(outboxMail).toMatchObject({ kind: 'contactConfirmation', recipient: 'ada.member@example.org' });
    expect(outboxMail!.sentAt).not.toBeNull();
    expect(await row(result.deliveryId)).toMatchObject({ adapter: 'email', outcome: 'sent', recipient: null, recipientMasked: 'a•••@example.org', text: null });
  });

  it('a PLAINTEXTEMAIL (pager gateway) path too, its subject the first line when none is given', async () => {
    const mailer = createMailer({ db: t.database.db, smtpUrl: smtp.url });
    const result = await delivery({ mailer }).deliver(message({ pathType: 'PLAINTEXTEMAIL', address: '2175550134@pager.example.net' }));
    await mailer.close();
    expect(result.outcome).toBe('sent');
    const mail = await smtp.nextMail('2175550134@pager.example.net');
    expect(headersOf(mail.raw).get('subject')).toBe('This is a test notification from the City of Springfield.');
  });

  it('answers failed smtp when the SMTP server refuses the recipient', async () => {
    const refusing = await startSmtpServer({ refuse: 'No such user here' });
    try {
      const mailer = createMailer({ db: t.database.db, smtpUrl: refusing.url, log });
      const result = await delivery({ mailer }).deliver(message({ pathType: 'EMAIL', address: 'gone@example.org' }));
      await mailer.close();
      expect(result).toMatchObject({ outcome: 'failed', adapter: 'email', errorCode: 'smtp' });
      expect(result.detail).toContain('No such user here');
      expect(result.detail).not.toContain('gone@example.org');
    } finally {
      await refusing.close();
    }
  });

  it('without SMTP the mail stays in the mail outbox: queued', async () => {
    const result = await delivery().deliver(message({ pathType: 'EMAIL', address: 'ada.member@example.org' }));
    expect(result).toMatchObject({ outcome: 'queued', adapter: 'email', errorCode: 'delivery.notConfigured' });
    const [outboxMail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.mailId, Number(result.providerId)));
    expect(outboxMail).toMatchObject({ kind: 'testNotification', recipient: 'ada.member@example.org', sentAt: null });
  });
});

describe('the delivery outbox', () => {
  it('keeps SMS, voice and bot-Slack paths whole when their adapter is not configured', async () => {
    const unconfigured = delivery({ sms: null, slackBot: null });
    const sms = await unconfigured.deliver(message({ pathType: 'SMS', address: MEMBER_NUMBER, kind: 'confirmation', text: CODE_TEXT }));
    const call = await unconfigured.deliver(message({ pathType: 'PHONE', address: '217 555 0134', countryCode: 'US' }));
    const slackId = await unconfigured.deliver(message({ pathType: 'SLACK', address: 'U024BE7LH' }));
    for (const result of [sms, call, slackId]) expect(result).toMatchObject({ outcome: 'queued', adapter: 'outbox', errorCode: 'delivery.notConfigured' });
    expect(twilio.received).toHaveLength(0);
    expect(slack.received).toHaveLength(0);
    expect(await row(sms.deliveryId)).toMatchObject({ pathType: 'SMS', recipient: MEMBER_NUMBER, text: CODE_TEXT, outcome: 'queued', requests: 0 });
    expect(await row(call.deliveryId)).toMatchObject({ pathType: 'PHONE', recipient: MEMBER_NUMBER });
    expect(await row(slackId.deliveryId)).toMatchObject({ pathType: 'SLACK', recipient: 'U024BE7LH' });
  });

  it.each([
    ['TTYTDD', MEMBER_NUMBER], ['PAGER', '2175550199'], ['NUMERICPAGER', '+12175550198'], ['FAX', '+12175550197'], ['TA', 'TA-1234'], ['RECIP', 'yes'],
  ] as const)('writes a %s path to the outbox, whatever is configured', async (pathType, address) => {
    const result = await delivery().deliver(message({ pathType, address, subject: 'Test notification' }));
    expect(result).toMatchObject({ outcome: 'queued', adapter: 'outbox', errorCode: 'delivery.notConfigured' });
    expect(await row(result.deliveryId)).toMatchObject({ pathType, recipient: address, subject: 'Test notification', text: message({ pathType, address }).text });
  });

  it('records a refused message too: nothing is dropped silently', async () => {
    const result = await delivery().deliver(message({ pathType: 'PAGER', address: '2175550199', text: '   ' }));
    expect(result).toMatchObject({ outcome: 'failed', errorCode: 'delivery.emptyText' });
    expect(await row(result.deliveryId)).toMatchObject({ outcome: 'failed', errorCode: 'delivery.emptyText' });
  });
});

describe('the log', () => {
  it('holds no credential, no full address and no confirmation code', () => {
    expect(log.lines.length).toBeGreaterThan(10);
    const written = JSON.stringify(log.lines);
    for (const secret of [AUTH_TOKEN, BOT_TOKEN, '482913', MEMBER_NUMBER, '2175550134', BAD_NUMBER, 'ada.member@example.org', 'gone@example.org', slack.webhookUrl, 'XXXXXXXXXXXXXXXX']) {
      expect(written).not.toContain(secret);
    }
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 'warn', message: 'delivery failed', details: expect.objectContaining({ errorCode: 'twilio.21211', to: '+•••••••0001' }) }));
  });
});

describe('GET /rest/demo/deliveries?orgId', () => {
  it('lists the newest 50 of the organisation, the outbox entries with address and text, the others masked', async () => {
    await t.database.db.delete(deliveryOutbox);
    const unconfigured = delivery({ sms: null });
    for (let i = 0; i < 52; i++) await unconfigured.deliver(message({ pathType: 'PAGER', address: `21755501${String(i).padStart(2, '0')}` }));
    await unconfigured.deliver(message({ pathType: 'SLACK', address: 'U024BE7LH' }));
    await unconfigured.deliver(message({ pathType: 'SMS', address: MEMBER_NUMBER, kind: 'confirmation', text: CODE_TEXT }));
    await unconfigured.deliver(message({ orgId: 'acme', pathType: 'SMS', address: MEMBER_NUMBER }));

    const response = await t.app.inject({ method: 'GET', url: '/rest/demo/deliveries?orgId=springfield' });
    expect(response.statusCode).toBe(200);
    const { deliveries } = response.json() as { deliveries: Record<string, unknown>[] };
    expect(deliveries).toHaveLength(50);
    expect(deliveries[0]).toMatchObject({ pathType: 'SMS', recipient: MEMBER_NUMBER, recipientMasked: '+•••••••0134', outcome: 'queued', kind: 'confirmation', text: CODE_TEXT });
    expect(deliveries[1]).toMatchObject({ pathType: 'SLACK', adapter: 'slackApi', outcome: 'sent', recipient: null, recipientMasked: 'U0•••LH', text: null });
    expect(deliveries[2]).toMatchObject({ pathType: 'PAGER', recipient: '2175550151' });
    expect(deliveries.every((d) => d.pathType !== 'SMS' || d.recipient === MEMBER_NUMBER)).toBe(true);

    const unknown = await t.app.inject({ method: 'GET', url: '/rest/demo/deliveries?orgId=nowhere' });
    expect(unknown.statusCode).toBe(404);
  });
});
