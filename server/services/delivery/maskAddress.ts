import type { ContactPathType } from '../../../schemas/entities.ts';

const HIDDEN = '•••';

/**
 * An address as the delivery records and logs show it: enough to tell which path it was, not enough
 * to reach it. A phone keeps its last four digits (`+•••••••0134`), an e-mail address its first
 * character and domain (`a•••@example.org`), a webhook address its origin (the rest is its secret).
 */
export function maskAddress(pathType: ContactPathType, address: string): string {
  const value = address.trim();
  if (/^https?:\/\//i.test(value)) {
    try {
      return `${new URL(value).origin}/${HIDDEN}`;
    } catch {
      return HIDDEN;
    }
  }
  const at = value.lastIndexOf('@');
  if (at > 0) return `${value[0]}${HIDDEN}${value.slice(at)}`;
  const digits = value.replace(/\D/g, '');
  if (pathType !== 'SLACK' && digits.length >= 6) return `${value.startsWith('+') ? '+' : ''}${'•'.repeat(digits.length - 4)}${digits.slice(-4)}`;
  return value.length <= 4 ? HIDDEN : `${value.slice(0, 2)}${HIDDEN}${value.slice(-2)}`;
}
