/**
 * What the server adds to the §5 password policy (issue 4 "Passwords"): a password may not be the
 * account's own username, nor one of the common passwords shipped in server/data/common-passwords.txt
 * (compared without regard to case). The policy itself is schemas/rules/passwordPolicy.ts, shared
 * with the browser.
 */
import { readFileSync } from 'node:fs';

const common: ReadonlySet<string> = new Set(
  readFileSync(new URL('../data/common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.toLowerCase()),
);

/** The message key refusing `password` for `username`, or null when it may be used. */
export function passwordRefusal(password: string, username: string): string | null {
  const candidate = password.trim().toLowerCase();
  if (username && candidate === username.trim().toLowerCase()) return 'ssp.password.same.as.username';
  if (common.has(candidate)) return 'ssp.password.too.common';
  return null;
}

/** How a security answer is compared: trimmed and case-insensitive. Sign-up, the demo seed and forgot password hash it so. */
export const normalizeSecurityAnswer = (answer: string) => answer.trim().toLowerCase();
