/**
 * What only the member should do with a session needs a recent sign-in, not a session alone: deleting
 * an account without a password (services/accountDeletion.ts) and changing how the member signs in
 * (services/secondFactors.ts). A session someone else holds (a computer left signed in, a stolen
 * cookie) is usually old; the member who just signed in is not. As GitHub's sudo mode and Google's
 * re-authentication do.
 */

/** How recent a sign-in must be. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/** Whether a sign-in made at `signedInAt` is recent enough (none is not). */
export function isRecentSignIn(signedInAt: Date | null | undefined, now = Date.now()): boolean {
  return !!signedInAt && now - signedInAt.getTime() <= RECENT_SIGN_IN_MS;
}
