/**
 * Global setup of the e2e project: builds the browser app and starts the real server as a process
 * (tests/support/serverProcess.ts), and hands its address and the Chromium path to the tests. The
 * server sends its mails over SMTP to a real SMTP server on loopback (tests/support/smtpServer.ts),
 * which writes each one into a directory the tests read (tests/e2e/mailbox.ts). The teardown stops
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

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string | null;
    /** Where the e2e SMTP server writes the mails it receives, one JSON file each. */
    mailDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    console.log(`e2e: skipped — no Chromium at ${process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium'} (apt-get install chromium, or set CHROMIUM_PATH)`);
    project.provide('baseURL', '');
    project.provide('chromiumPath', null);
    project.provide('mailDir', '');
    return async () => {};
  }
  // Screenshots of an earlier run would mislead (a failed-*.png of a test that passes now).
  await rm(join(rootDir, 'test-results', 'e2e'), { recursive: true, force: true });
  const mailDir = await mkdtemp(join(tmpdir(), 'member-portal-e2e-mail-'));
  let count = 0;
  const smtp = await startSmtpServer({
    onMail: (mail) => writeFileSync(join(mailDir, `${String(++count).padStart(5, '0')}.json`), JSON.stringify(mail)),
  });
  const server = await startServerProcess((message) => console.log(`e2e: ${message}`), { env: { SMTP_URL: smtp.url } });
  project.provide('baseURL', server.baseURL);
  project.provide('chromiumPath', chromiumPath);
  project.provide('mailDir', mailDir);
  return async () => {
    try {
      await server.stop();
      await smtp.close();
      await rm(mailDir, { recursive: true, force: true });
    } catch (err) {
      // vitest only prints an error thrown by a teardown ("error during close") and still exits 0:
      // the exit code makes an ungraceful shutdown fail the run.
      process.exitCode = 1;
      throw err;
    }
  };
}
