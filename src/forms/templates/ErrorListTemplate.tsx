/** rjsf's list of errors: nothing. The form shows its messages at the fields (and in its own summary). */
export function ErrorListTemplate() {
  return null;
}
