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

/**
 * Where a page does not meet its budget yet (issue 10 item 2 is open for these): what it loads
 * today, a little rounded up, so it cannot grow while the budget is worked towards. Lower a
 * ceiling whenever the page shrinks; delete it once the page is within its budget. Measured in
 * Chromium on 2026-11-23: the sign-in pages 206–208 kB (react-dom 57, react-router 37, rjsf 45,
 * i18next 15), sign-up 276 kB (libphonenumber-js/max for its phone fields, about 40).
 */
export const BUNDLE_CEILINGS_KB: Partial<Record<keyof typeof BUNDLE_BUDGETS_KB, number>> = {
  // Raised from 210 and 280 the same day by issue 11 (the phone-first header and menu, the error
  // summary, the password checklist): 208–211 and 279 kB measured after it.
  signIn: 214,
  signUp: 283,
};
