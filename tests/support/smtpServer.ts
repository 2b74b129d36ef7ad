/**
 * A real SMTP server on loopback (the `smtp-server` package: the protocol nodemailer speaks, no
 * mocked function) for the tests that follow a mail: the API tests and the e2e tests alike. Point the
 * mailer's SMTP_URL at `url` and read what arrived in `received`.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface ReceivedMail {
  mailFrom: string | null;
  rcptTo: string[];
  /** The message as it came through DATA: headers, blank line, body. */
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /**
   * Takes the oldest mail to `recipient` not taken yet, waiting for it to arrive (delivery runs after
   * the request has answered); rejects after `timeoutMs`.
   */
  nextMail(recipient: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * An SMTP server on a free loopback port that keeps what it receives. `refuse` answers RCPT TO with
 * that SMTP error; `delayMs` holds the answer to DATA back that long; `onMail` hears of every mail.
 */
export async function startSmtpServer(options: { refuse?: string; delayMs?: number; onMail?: (mail: ReceivedMail) => void } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!options.refuse) return callback();
      callback(Object.assign(new Error(options.refuse), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        const mail: ReceivedMail = {
          mailFrom: mailFrom ? mailFrom.address : null,
          rcptTo: rcptTo.map((r: SMTPServerAddress) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        options.onMail?.(mail);
        setTimeout(() => callback(), options.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;

  const taken = new Set<ReceivedMail>();
  async function nextMail(recipient: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    const wanted = recipient.toLowerCase();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = received.find((m) => !taken.has(m) && m.rcptTo.some((to) => to.toLowerCase() === wanted));
      if (mail) {
        taken.add(mail);
        return mail;
      }
      if (Date.now() > deadline) throw new Error(`no mail to ${recipient} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  return { url: `smtp://127.0.0.1:${port}`, received, nextMail, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The headers of a received message, unfolded, by lower-case name. */
export function headersOf(raw: string): Map<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new Map(head.split('\r\n').map((line) => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
  }));
}

/** The body of a single-part text message, decoded (7bit, quoted-printable or base64) and with \n line ends. */
export function textBodyOf(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  const encoding = headersOf(raw).get('content-transfer-encoding');
  const decoded = encoding === 'quoted-printable'
    ? Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
    : encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body;
  return decoded.replace(/\r\n/g, '\n');
}
