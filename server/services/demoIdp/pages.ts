/**
 * The demo identity providers' pages (issue 15): a sign-in form and the page that posts a SAML
 * Response on to the portal. Plain HTML with a policy of their own (a nonce for their one style
 * sheet and, on the posting page, its one script); they are the provider's pages, not the portal's.
 */
import { randomBytes } from 'node:crypto';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface DemoPage {
  html: string;
  /** The page's Content-Security-Policy. */
  policy: string;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#eef2f7;color:#1b1f24}
main{max-width:24rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin:0 0 .25rem}p.who{margin:0 0 1rem;color:#444}label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.6rem;font:inherit;border:1px solid #6b7280;border-radius:4px}
button{margin-top:1.25rem;width:100%;padding:.7rem;font:inherit;font-weight:600;color:#fff;background:#7a1f2b;border:0;border-radius:4px;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}.error{color:#a4001d;font-weight:600}
.hint{font-size:.9rem;color:#444;margin-top:1rem}`;

function page(title: string, body: string, extra: { formAction?: string; script?: string } = {}): DemoPage {
  const nonce = randomBytes(16).toString('base64');
  const script = extra.script ? `<script nonce="${nonce}">${extra.script}</script>` : '';
  return {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body><main>${body}</main>${script}</body></html>`,
    policy: [
      "default-src 'none'", `style-src 'nonce-${nonce}'`, ...(script ? [`script-src 'nonce-${nonce}'`] : []),
      `form-action 'self'${extra.formAction ? ` ${new URL(extra.formAction).origin}` : ''}`, "frame-ancestors 'none'", "base-uri 'none'",
    ].join('; '),
  };
}

/** The provider's sign-in form; `hidden` are the fields the request carries through it. */
export function signInPage(options: { provider: string; action: string; hidden: Record<string, string>; error: boolean; username?: string }): DemoPage {
  const hidden = Object.entries(options.hidden).map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('');
  return page(`Sign in: ${options.provider}`, `<h1>State University</h1><p class="who">${escapeHtml(options.provider)} (demo identity provider)</p>
${options.error ? '<p class="error" role="alert" id="error">Wrong username or password.</p>' : ''}
<form method="post" action="${escapeHtml(options.action)}">${hidden}
<label for="username">Username</label><input id="username" name="username" autocomplete="username" required maxlength="100" value="${escapeHtml(options.username ?? '')}"${options.error ? ' aria-describedby="error"' : ''} autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">
<button type="submit">Sign in</button></form>
<p class="hint">Demo users: sam.student or alex.staff, password Campus!Demo2026.</p>`);
}

/** Posts a SAML Response to the service provider's assertion consumer service (HTTP-POST binding), by script or by the button. */
export function postResponsePage(options: { acs: string; samlResponse: string; relayState: string | undefined }): DemoPage {
  const relay = options.relayState ? `<input type="hidden" name="RelayState" value="${escapeHtml(options.relayState)}">` : '';
  return page('Signing you in…', `<h1>Signing you in…</h1>
<form method="post" action="${escapeHtml(options.acs)}" id="post"><input type="hidden" name="SAMLResponse" value="${escapeHtml(options.samlResponse)}">${relay}
<button type="submit">Continue</button></form>`, { formAction: options.acs, script: "document.getElementById('post').submit();" });
}

/** A refusal of the provider's own (an unknown service provider, a malformed request). */
export const errorPage = (message: string): DemoPage => page('Sign-in error', `<h1>Sign-in error</h1><p class="error" role="alert">${escapeHtml(message)}</p>`);
