import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withPluralCount } from '../../i18n/withPluralCount.ts';

/** What the button says went wrong (a message of the catalogues and its parameters). */
interface Said {
  key: string;
  params?: Record<string, unknown>;
}

/**
 * "Sign in with a passkey" (issue 15): no username, no password; the browser offers the passkeys it
 * has for this portal. Only the button is part of the login page: what does the work (the passkey
 * library and its calls, passkeySignIn.ts) is loaded when it is pressed, so the page's first load
 * stays within its budget. Browsers without WebAuthn get no button.
 */
export function PasskeySignIn({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);
  if (typeof window.PublicKeyCredential !== 'function') return null;

  async function signIn() {
    if (busy) return;
    setBusy(true);
    setSaid(null);
    const { signInWithPasskey } = await import('./passkeySignIn.ts');
    const refused = await signInWithPasskey(orgId);
    setBusy(false);
    setSaid(refused);
  }

  return (
    <div className="login-passkey">
      <p className="login-or">{t('login.passkey.or')}</p>
      <button type="button" className="button" aria-disabled={busy ? 'true' : undefined} onClick={() => void signIn()}>{t('login.passkey')}</button>
      {said ? <p role="alert" className="form-alert">{t(said.key, withPluralCount({ ...said.params, defaultValue: t('passkey.failed') }))}</p> : null}
    </div>
  );
}
