/**
 * Secrets the server makes once and keeps in `server_secrets` (the HMAC keys of invitation links
 * of the forgot-password decoy question, of captcha challenges and of contact-path codes). Every app process sharing the database reads the
 * same value: the first to ask creates it, a concurrent creator's row wins and is read back.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { findOrCreateSecret } from '../repositories/serverSecrets.ts';

export type SecretName = 'invitation-hmac' | 'forgot-password-question' | 'visitor-csrf' | 'altcha-hmac' | 'path-confirmation';

const cache = new WeakMap<Db, Map<SecretName, Promise<Buffer>>>();

async function load(db: Db, name: SecretName): Promise<Buffer> {
  return Buffer.from(await findOrCreateSecret(db, name, randomBytes(32).toString('base64url')), 'base64url');
}

/** The secret called `name`, created on first use. */
export function serverSecret(db: Db, name: SecretName): Promise<Buffer> {
  let secrets = cache.get(db);
  if (!secrets) cache.set(db, (secrets = new Map()));
  let secret = secrets.get(name);
  if (!secret) {
    secret = load(db, name);
    secret.catch(() => secrets.delete(name));
    secrets.set(name, secret);
  }
  return secret;
}

/** base64url HMAC-SHA256 of `message` under the secret called `name`. */
export async function hmac(db: Db, name: SecretName, message: string): Promise<string> {
  return createHmac('sha256', await serverSecret(db, name)).update(message).digest('base64url');
}
