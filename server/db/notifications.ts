/**
 * PostgreSQL `LISTEN` for the database a Drizzle handle talks to (issue 10 item 4): what other app
 * processes changed reaches this one as a notification. On PostgreSQL a dedicated connection (not a
 * pooled one, which would be handed back and lose its LISTEN), reconnected with a bounded backoff
 * when it drops; on PGlite its own `listen`, which hears every NOTIFY of that instance (so two apps
 * on one in-memory PGlite hear each other, as two processes on one PostgreSQL do).
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client.ts';

export interface NotificationHandlers {
  onNotify(payload: string): void;
  /**
   * Called once the connection is listening again after it dropped: notifications sent meanwhile are
   * lost, so whatever they would have invalidated must be dropped.
   */
  onReconnect(): void;
  /** A connection that failed or dropped (logged; the listener retries on its own). */
  onError(error: unknown): void;
}

export interface Listener {
  /** Stops listening and closes the dedicated connection; retries stop. */
  close(): Promise<void>;
}

/** Reconnection delays on PostgreSQL: doubling from the first up to the last, then staying there. */
export const RECONNECT_DELAYS_MS = { first: 250, max: 30_000 } as const;

/** Channel names are identifiers: only these characters, so the name is never quoted or escaped. */
const CHANNEL = /^[a-z_][a-z0-9_]*$/;

export async function listen(db: Db, channel: string, handlers: NotificationHandlers): Promise<Listener> {
  if (!CHANNEL.test(channel)) throw new Error(`listen: ${channel} is not a plain channel name`);
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    const unlisten = await client.listen(channel, handlers.onNotify);
    return { close: async () => { if (!client.closed) await unlisten(); } };
  }
  if (client instanceof pg.Pool) return listenOnPostgres(client, channel, handlers);
  throw new Error('listen: the database handle is neither PGlite nor a pg pool');
}

async function listenOnPostgres(pool: pg.Pool, channel: string, handlers: NotificationHandlers): Promise<Listener> {
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay: number = RECONNECT_DELAYS_MS.first;

  // The pool's own connection settings (address, credentials, timeouts, keep-alive) for one client of ours.
  const options = (pool as unknown as { options: pg.ClientConfig }).options;

  const connect = async (afterDrop: boolean): Promise<void> => {
    const client = new pg.Client(options);
    let dropped = false;
    const drop = (error: unknown) => {
      if (dropped) return;
      dropped = true;
      if (current === client) current = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      if (closed) return;
      handlers.onError(error);
      schedule();
    };
    client.on('error', drop);
    client.on('end', () => drop(new Error('the LISTEN connection ended')));
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    delay = RECONNECT_DELAYS_MS.first;
    if (afterDrop) handlers.onReconnect();
  };

  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect(true);
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, RECONNECT_DELAYS_MS.max);
  };

  await connect(false);
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const client = current;
      current = null;
      if (client) await client.end().catch(() => {});
    },
  };
}
