/**
 * Libraries the server loads on first use instead of at start (issue 10 item 6: at most 300 MB
 * resident with PGlite). The single sign-on libraries of issue 15 held 27 MB of V8 heap from the
 * start (node-saml 8 MB with its XML stack, oidc-provider 6 MB, samlify and its xmllint 7.5 MB,
 * @peculiar/x509 3.6 MB, measured after a full collection), for organisations that mostly never use
 * them: the server's resident memory after a start went from 214 MB to 279 MB, and to 321 MB after
 * 1,000 logins. The Atom feed's xmlbuilder2 (3.8 MB), the upload check's file-type (2.9 MB) and the
 * iCalendar feed's ical-generator (1.3 MB), eager since issue 14, wait for their first use too.
 * A CommonJS library a synchronous function needs is required on its first call (`lazyRequire`);
 * the others are `import()`ed where they are used.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** `name`'s exports, required on the first call and kept (Node's module cache keeps them anyway). */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
