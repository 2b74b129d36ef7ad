/**
 * Every argon2 hash and verification of the server, in one place: member passwords, security
 * answers (§2 forgot password) and administrator passwords are stored as argon2id hashes
 * (ARCHITECTURE.md "Security defaults"). When there is nothing to verify against (an unknown
 * username, a contact without a security answer) the dummy hash is verified instead, so an unknown
 * account costs the same time as a known one and the answer time tells nothing. Every job waits its
 * turn in the request's admission queue (services/hashAdmission.ts, issue 9 row 15).
 */
import argon2 from 'argon2';
import { hashJob } from './hashAdmission.ts';
import { normalizeSecurityAnswer } from './passwordChecks.ts';

/** argon2id with the library's default cost parameters. */
const ARGON2_OPTIONS = { type: argon2.argon2id } as const;

/** Verified in place of a missing hash; made once, on first use. */
let dummyHash: Promise<string> | undefined;
const theDummyHash = () => (dummyHash ??= argon2.hash('no such secret', ARGON2_OPTIONS));

/** The argon2id hash of a password (member or administrator). */
export function hashPassword(password: string): Promise<string> {
  return hashJob(() => argon2.hash(password, ARGON2_OPTIONS));
}

/** The argon2id hash of a security answer, compared trimmed and case-insensitively. */
export function hashSecurityAnswer(answer: string): Promise<string> {
  return hashPassword(normalizeSecurityAnswer(answer));
}

/** argon2 verifications started by this process (the lock-out tests read it: issue 9 row 1). */
let verifications = 0;
export const verificationsSoFar = () => verifications;

/**
 * Whether `secret` matches `hash`. Without a hash the dummy one is verified (the same work) and the
 * answer is false.
 */
export async function verifyPassword(hash: string | null | undefined, secret: string): Promise<boolean> {
  const against = hash ?? (await theDummyHash());
  const verified = await hashJob(() => {
    verifications++;
    return argon2.verify(against, secret);
  });
  return verified && !!hash;
}

/** Whether `answer` matches a security answer's hash (see verifyPassword for a missing hash). */
export function verifySecurityAnswer(hash: string | null | undefined, answer: string): Promise<boolean> {
  return verifyPassword(hash, normalizeSecurityAnswer(answer));
}
