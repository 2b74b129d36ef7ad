/**
 * Global setup of the e2e project: builds the browser app and starts the real server as a process
 * (tests/support/serverProcess.ts), and hands its address and the Chromium path to the tests. The
 * server sends its mails over SMTP to a real SMTP server on loopback (tests/support/smtpServer.ts),
 * which writes each one into a directory the tests read (tests/e2e/mailbox.ts), and its SMS and calls
 * to a server speaking Twilio's API on loopback (tests/support/twilioServer.ts), which writes each
 * request into another (tests/e2e/phone.ts), and Google reCAPTCHA's script and siteverify are a
 * loopback server too (tests/support/testNotification.ts). The teardown stops
 * the server with SIGTERM and insists on exit code 0 (graceful shutdown).
 *
 * Without Chromium (/usr/bin/chromium or CHROMIUM_PATH) nothing is started and the tests skip.
 */
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { rootDir } from '../../server/client.ts';
import { chromiumPath as findChromium, startServerProcess } from '../support/serverProcess.ts';
import { startSmtpServer } from '../support/smtpServer.ts';
import { startSiteverifyServer } from '../support/testNotification.ts';
import { startTwilioServer } from '../support/twilioServer.ts';

/** The e2e server's SMS and voice account at the loopback Twilio server. */
const SMS_ACCOUNT = { accountSid: 'AC0e2e0000000000000000000000000e2e', authToken: 'e2e-twilio-token', from: '+12175550100' };
const RECAPTCHA_SECRET = 'e2e-recaptcha-secret';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string | null;
    /** Where the e2e SMTP server writes the mails it receives, one JSON file each. */
    mailDir: string;
    /** Where the loopback Twilio server writes the SMS and calls it receives, one JSON file each. */
    phoneDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    console.log(`e2e: skipped — no Chromium at ${process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium'} (apt-get install chromium, or set CHROMIUM_PATH)`);
    project.provide('baseURL', '');
    project.provide('chromiumPath', null);
    project.provide('mailDir', '');
    project.provide('phoneDir', '');
    return async () => {};
  }
  // Screenshots of an earlier run would mislead (a failed-*.png of a test that passes now).
  await rm(join(rootDir, 'test-results', 'e2e'), { recursive: true, force: true });
  const mailDir = await mkdtemp(join(tmpdir(), 'member-portal-e2e-mail-'));
  let count = 0;
  const smtp = await startSmtpServer({
    onMail: (mail) => writeFileSync(join(mailDir, `${String(++count).padStart(5, '0')}.json`), JSON.stringify(mail)),
  });
  const phoneDir = await mkdtemp(join(tmpdir(), 'member-portal-e2e-phone-'));
  let requests = 0;
  const twilio = await startTwilioServer({
    accountSid: SMS_ACCOUNT.accountSid, authToken: SMS_ACCOUNT.authToken,
    onRequest: (request) => writeFileSync(join(phoneDir, `${String(++requests).padStart(5, '0')}.json`), JSON.stringify(request)),
  });
  // Google reCAPTCHA on loopback, both sides: organisations use it only once one sets a site key (testNotification.test.ts does).
  const google = await startSiteverifyServer(RECAPTCHA_SECRET);
  const server = await startServerProcess((message) => console.log(`e2e: ${message}`), {
    env: {
      SMTP_URL: smtp.url, SMS_API_URL: twilio.url, SMS_ACCOUNT_SID: SMS_ACCOUNT.accountSid, SMS_AUTH_TOKEN: SMS_ACCOUNT.authToken, SMS_FROM: SMS_ACCOUNT.from,
      RECAPTCHA_SECRET, RECAPTCHA_VERIFY_URL: google.url, RECAPTCHA_SCRIPT_URL: google.scriptUrl,
    },
  });
  project.provide('baseURL', server.baseURL);
  project.provide('chromiumPath', chromiumPath);
  project.provide('mailDir', mailDir);
  project.provide('phoneDir', phoneDir);
  return async () => {
    try {
      await server.stop();
      await Promise.all([smtp.close(), twilio.close(), google.close()]);
      await rm(mailDir, { recursive: true, force: true });
      await rm(phoneDir, { recursive: true, force: true });
    } catch (err) {
      // vitest only prints an error thrown by a teardown ("error during close") and still exits 0:
      // the exit code makes an ungraceful shutdown fail the run.
      process.exitCode = 1;
      throw err;
    }
  };
}
