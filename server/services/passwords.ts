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

/**
 * argon2id at OWASP's parameters (ASVS 5.0 11.4.2): 19 MiB, 2 passes, 1 lane. About 6× cheaper to
 * verify than the library's defaults (64 MiB, 3, 4) at a strength the standard calls sufficient, so
 * a city-wide login storm is served (issue 10 item 5). Hashes made with other parameters are
 * replaced at the next right password (`upgradedHash`).
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Verified in place of a missing hash; made once, on first use. */
let dummyHash: Promise<string> | undefined;
const theDummyHash = () => (dummyHash ??= argon2.hash('no such secret', ARGON2_OPTIONS));

/** The argon2id hash of a password (member or administrator). */
export function hashPassword(password: string): Promise<string> {
  return hashJob(() => argon2.hash(password, ARGON2_OPTIONS));
}

/**
 * After a right password: its hash made with today's parameters when `hash` was made with others
 * (an older cost, another argon2 variant), else null. Costs one more hash, once per account.
 */
export async function upgradedHash(hash: string, password: string): Promise<string | null> {
  const current = hash.startsWith('$argon2id$') && !argon2.needsRehash(hash, ARGON2_OPTIONS);
  return current ? null : hashPassword(password);
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
