/** What every route scope is given by app.ts: the route's dependencies are arguments (STYLE.md principle 2). */
import type { Db } from '../db/client.ts';
import type { Mailer } from '../services/mail.ts';

export interface RouteDeps {
  db: Db;
  mailer: Mailer;
  /** The portal's public address for links in e-mails (PUBLIC_URL); the request's own address when null. */
  publicUrl: string | null;
  serverVersion: string;
  /** Demo mode (DEMO): the demo scope answers only then. */
  demo: boolean;
}
