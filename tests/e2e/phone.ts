/**
 * The SMS and calls the e2e server sent, as the loopback Twilio server of tests/e2e/globalSetup.ts
 * wrote them: one JSON file per request in `phoneDir`, in order of arrival. A member's phone, read
 * the way tests/e2e/mailbox.ts reads their mailbox.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TwilioRequest } from '../support/twilioServer.ts';

export interface Phone {
  /** The text of the first SMS to `to` (E.164) that arrived after the phone was opened and matches `body`, waiting for it. */
  nextSms(to: string, body?: RegExp, timeoutMs?: number): Promise<string>;
  /** The TwiML of the first call to `to` that arrived after the phone was opened and matches `body`, waiting for it. */
  nextCall(to: string, body?: RegExp, timeoutMs?: number): Promise<string>;
}

/** Opens the phone: messages that arrived before are not handed out. */
export async function openPhone(dir: string): Promise<Phone> {
  const names = async () => (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  const taken = new Set(await names());
  async function next(resource: 'Messages' | 'Calls', to: string, body: RegExp | undefined, timeoutMs: number): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const name of (await names()).filter((candidate) => !taken.has(candidate))) {
        const request = JSON.parse(await readFile(join(dir, name), 'utf8')) as TwilioRequest;
        const text = (resource === 'Messages' ? request.form.Body : request.form.Twiml) ?? '';
        if (request.resource !== resource || request.form.To !== to || (body && !body.test(text))) continue;
        taken.add(name);
        return text;
      }
      if (Date.now() > deadline) throw new Error(`no ${resource === 'Messages' ? 'SMS' : 'call'} to ${to} arrived within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    nextSms: (to, body, timeoutMs = 15_000) => next('Messages', to, body, timeoutMs),
    nextCall: (to, body, timeoutMs = 15_000) => next('Calls', to, body, timeoutMs),
  };
}
