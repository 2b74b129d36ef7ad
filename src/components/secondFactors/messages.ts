import type { SignedInReply } from '../../api/secondFactors.ts';

/** A message of the catalogues and its parameters. */
export interface Said {
  key: string;
  params?: Record<string, unknown>;
}

/**
 * Why a second step (or a passkey sign-in) was refused, in the login's words (§8 Login): FedRAMP's
 * lock with its minutes, a wrong code with the attempts left, or the server's errorCode.
 */
export function refusalOf(reply: SignedInReply | null | undefined): Said {
  if (reply?.fedrampLockTime !== undefined) return { key: 'ssp.request.account.locked.fedRamp', params: { minutes: reply.fedrampLockTime } };
  if (reply?.remainCount !== undefined) return { key: `${reply.errorCode ?? 'secondFactor.codeInvalid'}.fedRamp`, params: { count: reply.remainCount } };
  return { key: reply?.errorCode ?? 'secondFactor.failed' };
}
