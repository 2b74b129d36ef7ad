/**
 * The browser's side of passkeys (issue 15): @simplewebauthn/browser turns the server's options into
 * `navigator.credentials.create()` / `.get()` and their answers into JSON. It is imported here only,
 * when a passkey is used or added, so no page carries it before then (the login page's budget).
 */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/** What became of a ceremony: the credential to send, or the message key of why there is none. */
export type Ceremony = { ok: true; credential: unknown } | { ok: false; key: string; params?: Record<string, string> };

/** Whether this browser speaks WebAuthn at all. */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** A passkey answers only at the portal's own address: elsewhere (the demo's 127.0.0.1 for localhost) say where. */
function elsewhere(origin: string | undefined): Ceremony | null {
  return origin && origin !== window.location.origin ? { ok: false, key: 'passkey.otherAddress', params: { origin } } : null;
}

function failure(error: unknown): Ceremony {
  const name = error instanceof Error ? error.name : '';
  // NotAllowedError: the member cancelled, or the time ran out; InvalidStateError: this device has one already.
  if (name === 'NotAllowedError' || name === 'AbortError') return { ok: false, key: 'passkey.cancelled' };
  if (name === 'InvalidStateError') return { ok: false, key: 'passkey.exists' };
  return { ok: false, key: 'passkey.failed' };
}

/** Makes a passkey on this device (or a phone, a security key) for the server's creation options. */
export async function createPasskey(options: unknown, origin: string | undefined): Promise<Ceremony> {
  const away = elsewhere(origin);
  if (away) return away;
  try {
    const { startRegistration } = await import('@simplewebauthn/browser');
    return { ok: true, credential: await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON }) };
  } catch (error) {
    return failure(error);
  }
}

/** Signs the server's challenge with a passkey the member picks. */
export async function signWithPasskey(options: unknown, origin: string | undefined): Promise<Ceremony> {
  const away = elsewhere(origin);
  if (away) return away;
  try {
    const { startAuthentication } = await import('@simplewebauthn/browser');
    return { ok: true, credential: await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON }) };
  } catch (error) {
    return failure(error);
  }
}
