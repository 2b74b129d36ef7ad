import type { SsoError } from '../../../schemas/api/sso.ts';

/**
 * A single sign-on that ends without a sign-in (issue 15): its errorCode goes to the login page
 * (§8 SSO), its detail only to the log (never to the browser: it may name keys or attributes).
 */
export class SsoFailure extends Error {
  constructor(readonly code: SsoError, detail: string) {
    super(detail);
    this.name = 'SsoFailure';
  }
}
