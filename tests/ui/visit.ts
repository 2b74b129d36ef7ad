import { waitFor } from '@testing-library/react';
import { expect, inject } from 'vitest';

/** Points happy-dom's window at an address of the test server (its fetches resolve against it). */
export function visit(path: string): string {
  const url = path.startsWith('http') ? path : `${inject('apiBase')}${path}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
  return url;
}

/**
 * Waits until nothing on the page is loading any more: a form draws its fields once its validator
 * module has come from the server (src/forms/validator.ts), a moment after the page's heading.
 */
export async function settled(): Promise<void> {
  await waitFor(() => expect(document.querySelector('.loading-bar')).toBeNull());
}
