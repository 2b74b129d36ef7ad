/**
 * Google reCAPTCHA's checkbox for the test notification, for an organisation that set a site key
 * (and a server with RECAPTCHA_SECRET): Google's script (`scriptUrl`, RECAPTCHA_SCRIPT_URL) is loaded
 * only when the panel opens on such an organisation's page, whose Content-Security-Policy alone admits
 * it (server/http/appShell.ts `allowCaptchaScript`). Explicit rendering: no global callback names,
 * no inline script.
 */

interface Grecaptcha {
  ready(callback: () => void): void;
  render(container: HTMLElement, parameters: {
    sitekey: string;
    callback: (token: string) => void;
    'expired-callback': () => void;
    'error-callback': () => void;
  }): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export interface RecaptchaOptions {
  siteKey: string;
  scriptUrl: string;
  /** The checkbox's language (Google's `hl`, ISO 639-1). */
  language: string;
  /** The token to send as `g-recaptcha-response` once ticked; null when it expired or failed. */
  onChange: (token: string | null) => void;
  /** The script could not be loaded (blocked, offline). */
  onUnavailable: () => void;
}

let loading: Promise<Grecaptcha> | null = null;

/** Google's script, once per page (a failed load may be tried again by the next panel). */
function loadScript(scriptUrl: string, language: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    const url = new URL(scriptUrl, window.location.href);
    url.searchParams.set('render', 'explicit');
    url.searchParams.set('hl', language);
    script.src = url.href;
    script.async = true;
    script.onload = () => (window.grecaptcha ? window.grecaptcha.ready(() => resolve(window.grecaptcha!)) : reject(new Error('no grecaptcha')));
    script.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

const widgets = new WeakMap<HTMLElement, number>();

/** Draws the checkbox into `container`; answers how to take it away again. */
export function mountRecaptcha(container: HTMLElement, options: RecaptchaOptions): () => void {
  const box = document.createElement('div');
  container.append(box);
  let gone = false;
  void loadScript(options.scriptUrl, options.language).then((grecaptcha) => {
    if (gone) return;
    widgets.set(container, grecaptcha.render(box, {
      sitekey: options.siteKey,
      callback: (token) => options.onChange(token),
      'expired-callback': () => options.onChange(null),
      'error-callback': () => options.onChange(null),
    }));
  }, () => {
    if (!gone) options.onUnavailable();
  });
  return () => {
    gone = true;
    widgets.delete(container);
    box.remove();
  };
}

/** A new tick is needed after a send (a token is used once). */
export function resetRecaptcha(container: HTMLElement): void {
  const widgetId = widgets.get(container);
  if (widgetId !== undefined) window.grecaptcha?.reset(widgetId);
}
