import { inject } from 'vitest';

/** Points happy-dom's window at an address of the test server (its fetches resolve against it). */
export function visit(path: string): string {
  const url = path.startsWith('http') ? path : `${inject('apiBase')}${path}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
  return url;
}
