/**
 * Secrets the server makes once and keeps in `server_secrets` (the HMAC keys of invitation links
 * of the forgot-password decoy question, of captcha challenges, of contact-path codes and of recovery codes). Every app process sharing the database reads the
 * same value: the first to ask creates it, a concurrent creator's row wins and is read back.
 */
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { findOrCreateSecret } from '../repositories/serverSecrets.ts';

export type SecretName = 'invitation-hmac' | 'forgot-password-question' | 'visitor-csrf' | 'altcha-hmac' | 'path-confirmation' | 'recovery-code';

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

/**
 * The secrets as key objects, made once: `createHmac` with a Buffer makes a key object on every
 * call, which was a twentieth of a login's main-thread time (every login checks a CSRF token).
 */
const keys = new WeakMap<Db, Map<SecretName, Promise<KeyObject>>>();

function secretKey(db: Db, name: SecretName): Promise<KeyObject> {
  let named = keys.get(db);
  if (!named) keys.set(db, (named = new Map()));
  let key = named.get(name);
  if (!key) {
    key = serverSecret(db, name).then(createSecretKey);
    key.catch(() => named.delete(name));
    named.set(name, key);
  }
  return key;
}

/** base64url HMAC-SHA256 of `message` under the secret called `name`. */
export async function hmac(db: Db, name: SecretName, message: string): Promise<string> {
  return createHmac('sha256', await secretKey(db, name)).update(message).digest('base64url');
}
