/**
 * Issue 10 item 2 "each page loads only what it draws": the most JavaScript (gzip, what Chromium
 * loads) each kind of page may load, in kB of 1024 bytes. tests/e2e/bundleBudgets.test.ts fails a
 * page over its budget (part of `npm test`); bench/bundles.ts prints them beside its figures.
 */
export const BUNDLE_BUDGETS_KB = {
  /** login, forgot-username, forgot-password, reset-password */
  signIn: 170,
  /** a page without a form (faq; home, whose form is only in a dialog) */
  noForm: 140,
  /** sign-up and profile */
  signUp: 260,
  /** /admin */
  admin: 300,
} as const;
