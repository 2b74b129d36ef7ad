/**
 * The self-hosted captcha of the test notification: the `altcha` v3 widget (its protocol is
 * altcha-lib v2's, what the server's challenge speaks), loaded only when the test-notification panel
 * opens, so no page pays for it until then.
 *
 * Built for the Content-Security-Policy (server/plugins/securityHeaders.ts: script-src 'self', no
 * inline script, no eval): `altcha/external` is the widget without its workers inlined as `blob:`
 * addresses and without injected styles; its style sheet comes as a file of this site, and the
 * SHA-256 proof-of-work worker as a script file of this site (`?url`: Vite emits it as an asset), so
 * `worker-src` falls back to `script-src 'self'` and needs no `blob:`.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import shaWorkerUrl from 'altcha/workers/sha?url';

/** The proof-of-work algorithms the server's challenges use (services/captcha.ts: SHA-256). */
for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) globalThis.$altcha.algorithms.set(algorithm, () => new Worker(shaWorkerUrl));

export interface AltchaOptions {
  /** Where the widget fetches its challenge (`GET …/testNotification/challenge`). */
  challengeUrl: string;
  /** The widget's language (ISO 639-1, from the portal's). */
  language: string;
  /** The payload to send as `g-recaptcha-response` once solved; null when it expired or was reset. */
  onChange: (payload: string | null) => void;
}

/** Draws the widget into `container`; answers how to take it away again. */
export function mountAltcha(container: HTMLElement, options: AltchaOptions): () => void {
  const widget = document.createElement('altcha-widget');
  widget.setAttribute('challenge', options.challengeUrl);
  widget.setAttribute('language', options.language);
  widget.setAttribute('name', 'g-recaptcha-response');
  widget.setAttribute('workers', '2');
  const onVerified = (event: Event) => options.onChange((event as CustomEvent<{ payload: string }>).detail.payload);
  const onState = (event: Event) => {
    if ((event as CustomEvent<{ state: string }>).detail?.state !== 'verified') options.onChange(null);
  };
  widget.addEventListener('verified', onVerified);
  widget.addEventListener('statechange', onState);
  container.append(widget);
  return () => {
    widget.removeEventListener('verified', onVerified);
    widget.removeEventListener('statechange', onState);
    widget.remove();
  };
}

/** Starts the widget afresh (a solution is used once: after a send, a new one is needed). */
export function resetAltcha(container: HTMLElement): void {
  container.querySelector('altcha-widget')?.reset();
}
