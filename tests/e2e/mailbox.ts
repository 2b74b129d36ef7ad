/**
 * The mails the e2e server sent over SMTP, as the loopback SMTP server of tests/e2e/globalSetup.ts
 * wrote them: one JSON file per mail in `mailDir`, in order of arrival.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { textBodyOf, type ReceivedMail } from '../support/smtpServer.ts';

export interface Mailbox {
  /**
   * The first mail to `recipient` that arrived after the mailbox was opened (with a subject that
   * matches `subject`, when given: a welcome or a security notice may come in between), waiting for it.
   */
  next(recipient: string, timeoutMs?: number, subject?: RegExp): Promise<{ subject: string; text: string }>;
}

async function readAll(dir: string): Promise<{ name: string; mail: ReceivedMail }[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(names.map(async (name) => ({ name, mail: JSON.parse(await readFile(join(dir, name), 'utf8')) as ReceivedMail })));
}

/** Opens the mailbox: mails that arrived before are not handed out. */
export async function openMailbox(dir: string): Promise<Mailbox> {
  const taken = new Set((await readAll(dir)).map((entry) => entry.name));
  return {
    async next(recipient, timeoutMs = 15_000, subject) {
      const deadline = Date.now() + timeoutMs;
      const subjectOf = (mail: ReceivedMail) => /^subject: (.*)$/im.exec(mail.raw)?.[1] ?? '';
      for (;;) {
        const found = (await readAll(dir)).find((entry) => !taken.has(entry.name)
          && entry.mail.rcptTo.some((to) => to.toLowerCase() === recipient.toLowerCase())
          && (!subject || subject.test(subjectOf(entry.mail))));
        if (found) {
          taken.add(found.name);
          return { subject: subjectOf(found.mail), text: textBodyOf(found.mail.raw) };
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${recipient} arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/** The first link of a mail's text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const link = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return link;
}
