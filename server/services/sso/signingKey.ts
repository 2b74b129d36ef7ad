/**
 * The portal's SAML signing key (issue 15, signed requests): an RSA-2048 key and a self-signed
 * certificate for it (@peculiar/x509), made once per installation and kept in `server_secrets`, so
 * that every app process signs with the same key and the service-provider metadata names it. An
 * identity provider trusts the certificate from that metadata; nothing else relies on its issuer.
 */
import { webcrypto } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { findOrCreateSecret, findSecret } from '../../repositories/serverSecrets.ts';

const SECRET_NAME = 'saml-sp-signing';
const VALID_YEARS = 10;
const ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 } as const;

export interface SigningKey {
  /** PKCS #8, PEM. */
  privateKey: string;
  /** X.509, PEM. */
  certificate: string;
}

const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;

async function newSigningKey(): Promise<SigningKey> {
  // Loaded only here, once per installation (kept out of the server's start: see lazyModules.ts).
  await import('reflect-metadata'); // @peculiar/x509's dependency injection (tsyringe) needs it loaded first
  const x509 = await import('@peculiar/x509');
  const keys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const notBefore = new Date();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString('hex').replace(/^[89a-f]/, '1'),
    name: 'CN=Member portal SAML service provider',
    notBefore, notAfter: new Date(notBefore.getTime() + VALID_YEARS * 365 * 86_400_000),
    signingAlgorithm: ALGORITHM, keys,
  }, webcrypto as unknown as Crypto);
  return { privateKey: pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)), certificate: certificate.toString('pem') };
}

const loaded = new WeakMap<Db, Promise<SigningKey>>();

/** The installation's signing key, made on first use (of concurrent makers, the first stored wins). */
export function samlSigningKey(db: Db): Promise<SigningKey> {
  let key = loaded.get(db);
  if (!key) {
    key = (async () => {
      const stored = await findSecret(db, SECRET_NAME) ?? await findOrCreateSecret(db, SECRET_NAME, JSON.stringify(await newSigningKey()));
      return JSON.parse(stored) as SigningKey;
    })();
    key.catch(() => loaded.delete(db));
    loaded.set(db, key);
  }
  return key;
}
