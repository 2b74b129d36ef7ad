/**
 * WebAuthn through @simplewebauthn/server (issue 15, passkeys), behind four functions that never throw:
 * a malformed or forged answer is `{ ok: false }`, which the callers refuse with 400 or 403, never 500.
 * The library (and its X.509 and ASN.1 dependencies) is loaded on the first passkey call, so a portal
 * whose members use none never holds it in memory.
 *
 * What is asked of an authenticator: passkeys are discoverable credentials (`residentKey: required`)
 * made with user verification (a PIN, a fingerprint: the passkey alone signs the member in); their
 * answers must come from the portal's origin for its relying party id (http/relyingParty.ts). As the
 * second step after a password, user verification is preferred, not required (the password was the
 * first factor). Attestation is 'none': which device it is does not decide anything here.
 */
import type {
  AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON,
} from '@simplewebauthn/server';

/** The portal as a relying party: its id (a hostname) and the one origin answers may come from. */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

/** How long the browser lets the member take (the challenge lives as long as what holds it). */
const CEREMONY_TIMEOUT_MS = 120_000;

const library = () => import('@simplewebauthn/server');

export interface CredentialDescriptor {
  id: string;
  transports: string[];
}

export async function registrationOptions(
  rp: RelyingParty,
  user: { rpName: string; userName: string; displayName: string; userHandle: string; exclude: CredentialDescriptor[] },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await library();
  return generateRegistrationOptions({
    rpName: user.rpName, rpID: rp.rpID, userName: user.userName, userDisplayName: user.displayName,
    userID: Buffer.from(user.userHandle, 'base64url'), timeout: CEREMONY_TIMEOUT_MS, attestationType: 'none',
    excludeCredentials: user.exclude.map(descriptor), authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

export interface RegisteredCredential {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
}

/** Checks a registration's answer: the challenge handed out, the portal's origin and id, user verification. */
export async function verifyRegistration(
  rp: RelyingParty, response: RegistrationResponseJSON, expectedChallenge: string,
): Promise<{ ok: true; credential: RegisteredCredential } | { ok: false }> {
  const { verifyRegistrationResponse } = await library();
  try {
    const verified = await verifyRegistrationResponse({
      response, expectedChallenge, expectedOrigin: rp.origin, expectedRPID: rp.rpID, requireUserVerification: true,
    });
    if (!verified.verified) return { ok: false };
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
    return {
      ok: true,
      credential: {
        id: credential.id, publicKey: Buffer.from(credential.publicKey).toString('base64url'), counter: credential.counter,
        transports: (credential.transports ?? response.response.transports ?? []).slice(0, 10).map(String),
        deviceType: credentialDeviceType, backedUp: credentialBackedUp,
      },
    };
  } catch {
    return { ok: false };
  }
}

/** Options for a passkey's signature: any discoverable passkey (no `allow`), or one of the member's. */
export async function authenticationOptions(
  rp: RelyingParty, allow: CredentialDescriptor[] | null, userVerification: 'required' | 'preferred',
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await library();
  return generateAuthenticationOptions({
    rpID: rp.rpID, timeout: CEREMONY_TIMEOUT_MS, userVerification, ...(allow ? { allowCredentials: allow.map(descriptor) } : {}),
  });
}

/**
 * Checks a passkey's signature over the challenge handed out, for the portal's origin and id, with
 * the stored public key; a counter that did not grow (a cloned authenticator) is refused. Answers the
 * new counter.
 */
export async function verifyAuthentication(
  rp: RelyingParty, response: AuthenticationResponseJSON, expectedChallenge: string,
  credential: { id: string; publicKey: string; counter: number; transports: string[] }, requireUserVerification: boolean,
): Promise<{ ok: true; newCounter: number } | { ok: false }> {
  const { verifyAuthenticationResponse } = await library();
  try {
    const verified = await verifyAuthenticationResponse({
      response, expectedChallenge, expectedOrigin: rp.origin, expectedRPID: rp.rpID, requireUserVerification,
      credential: { id: credential.id, publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')), counter: credential.counter, transports: credential.transports as never },
    });
    return verified.verified ? { ok: true, newCounter: verified.authenticationInfo.newCounter } : { ok: false };
  } catch {
    return { ok: false };
  }
}

const descriptor = (credential: CredentialDescriptor) => ({ id: credential.id, transports: credential.transports as never });
