/**
 * A software WebAuthn authenticator for the API tests (issue 15): a real ES256 key pair from node's
 * crypto, and the bytes a platform authenticator and the browser would send, built by hand as the
 * WebAuthn specification lays them out: authenticatorData (the relying party id's SHA-256, the flags,
 * the signature counter, and at registration the attested credential with its COSE key),
 * clientDataJSON, a 'none' attestationObject (CBOR through @simplewebauthn/server's isoCBOR) and an
 * ECDSA signature over authenticatorData ‖ SHA-256(clientDataJSON). Nothing of the server's
 * verification is stood in for: what it accepts from this, it accepts from a browser.
 *
 * Each ceremony can be bent the way an attacker or a broken client would (another challenge, another
 * origin, no user verification, a counter going back, another key's signature).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

/** What a ceremony may be bent by. */
export interface Bend {
  origin?: string;
  challenge?: string;
  rpID?: string;
  /** User verification (default true). */
  userVerified?: boolean;
  /** The counter to sign with instead of the next one. */
  counter?: number;
  /** Sign with this key instead of the credential's. */
  signingKey?: KeyObject;
  /** The user handle to answer with instead of the registered one (null: none). */
  userHandle?: string | null;
  type?: string;
}

export class SoftAuthenticator {
  readonly credentialId: Buffer;
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;
  /** The user handle the relying party gave at registration (base64url). */
  userHandle: string | null = null;

  constructor(readonly origin: string, readonly rpID: string, credentialId: Buffer = randomBytes(32)) {
    this.credentialId = credentialId;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The public key as COSE (EC2, ES256, P-256). */
  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(new Map<number, number | Uint8Array>([
      [1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, 'base64url')], [-3, Buffer.from(jwk.y!, 'base64url')],
    ]));
  }

  private authenticatorData(rpID: string, flags: number, counter: number, attested: boolean): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts: Buffer[] = [sha256(rpID), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(this.coseKey()));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() for `options` (the server's creation options), as RegistrationResponseJSON. */
  register(options: { challenge: string; user?: { id: string } }, bend: Bend = {}) {
    this.userHandle = options.user?.id ?? null;
    const flags = FLAG_UP | FLAG_AT | (bend.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authenticatorData(bend.rpID ?? this.rpID, flags, 0, true);
    const attestationObject = isoCBOR.encode(new Map<string, string | Uint8Array | Map<string, string>>([
      ['fmt', 'none'], ['attStmt', new Map<string, string>()], ['authData', authData],
    ]));
    const clientDataJSON = this.clientData(bend.type ?? 'webauthn.create', bend.challenge ?? options.challenge, bend.origin ?? this.origin);
    return {
      id: this.id, rawId: this.id, type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      authenticatorAttachment: 'platform', clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() for `options` (the server's request options), as AuthenticationResponseJSON. */
  authenticate(options: { challenge: string }, bend: Bend = {}) {
    const counter = bend.counter ?? ++this.counter;
    const flags = FLAG_UP | (bend.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authenticatorData(bend.rpID ?? this.rpID, flags, counter, false);
    const clientDataJSON = this.clientData(bend.type ?? 'webauthn.get', bend.challenge ?? options.challenge, bend.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), bend.signingKey ?? this.keys.privateKey);
    const userHandle = bend.userHandle === undefined ? this.userHandle : bend.userHandle;
    return {
      id: this.id, rawId: this.id, type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature),
        ...(userHandle ? { userHandle } : {}),
      },
      authenticatorAttachment: 'platform', clientExtensionResults: {},
    };
  }
}

/** Another key pair, for a signature the credential's key did not make. */
export const strangerKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
