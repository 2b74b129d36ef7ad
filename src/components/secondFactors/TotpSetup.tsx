import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../api/client.ts';
import type { TotpSetupReply } from '../../api/secondFactors.ts';
import { withPluralCount } from '../../i18n/withPluralCount.ts';
import type { Said } from './messages.ts';

export interface TotpSetupProps {
  /** Hands out the secret (the member's page, or the sign-in's enrolment). */
  start: () => Promise<ApiResult<TotpSetupReply | null>>;
  /** Sends a code of it: null when taken, else why not. */
  confirm: (code: string) => Promise<Said | null>;
  onCancel?: () => void;
  /** What the cancel button says (Cancel by default). */
  cancelKey?: string;
}

/** The secret in groups of four, as authenticator apps show keys typed in. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Setting up an authenticator app (issue 15): the QR code the server drew (an image with its words),
 * the same key as text to type in, and the code the app then shows, which stores it.
 */
export function TotpSetup({ start, confirm, onCancel, cancelKey = 'form.dialog.cancel' }: TotpSetupProps) {
  const { t } = useTranslation();
  const id = useId();
  const [setup, setSetup] = useState<TotpSetupReply | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void start().then((result) => {
      if (!live) return;
      if (!result.hasError && result.data?.secret) setSetup(result.data);
      else setFailed(result.data?.errorCode ?? 'secondFactor.failed');
    });
    return () => {
      live = false;
    };
    // Once per setup: a new secret each time would void the one being scanned.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (code.trim() === '') return setError({ key: 'secondFactor.code.required' });
    setBusy(true);
    const refused = await confirm(code);
    setBusy(false);
    setError(refused);
  }

  if (failed) return <p role="alert" className="notice">{t(failed, { defaultValue: t('secondFactor.failed') })}</p>;
  if (!setup?.secret) return <p role="status" className="hint">{t('loading')}</p>;
  return (
    <form className="totp-setup" onSubmit={(event) => void submit(event)} noValidate>
      <ol className="totp-steps">
        <li>
          <p>{t('totp.setup.scan')}</p>
          <img className="totp-qr" src={setup.qrCode} width={200} height={200} alt={t('totp.setup.qr.alt')} />
        </li>
        <li>
          <p id={`${id}-key-label`}>{t('totp.setup.typeKey')}</p>
          <p><code className="totp-secret" aria-labelledby={`${id}-key-label`} data-secret={setup.secret}>{grouped(setup.secret)}</code></p>
        </li>
        <li>
          <div className={`field${error ? ' field-invalid' : ''}`}>
            <label className="field-label" htmlFor={id}>{t('totp.setup.code.label')}</label>
            <p id={`${id}-help`} className="field-help">{t('totp.setup.code.help')}</p>
            <input
              id={id} name="code" className="input input-code" inputMode="numeric" autoComplete="one-time-code" maxLength={10}
              value={code} onChange={(event) => setCode(event.currentTarget.value)}
              aria-invalid={error ? true : undefined} aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
            />
            {error ? <p id={`${id}-error`} role="alert" className="field-error">{t(error.key, withPluralCount({ ...error.params, defaultValue: t('secondFactor.failed') }))}</p> : null}
          </div>
        </li>
      </ol>
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={busy ? 'true' : undefined}>{t('totp.setup.confirm')}</button>
        {onCancel ? <button type="button" className="button" onClick={onCancel}>{t(cancelKey)}</button> : null}
      </div>
    </form>
  );
}
