import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactPathAnswer } from '../../../schemas/api/profile.ts';
import { confirmPath, sendPathConfirmationCode } from '../../api/pathConfirmation.ts';

/**
 * "Confirm your contact paths" (issue 12 "Confirmed contact paths", beyond the spec): one small form
 * per path the server says is not confirmed (`confirmed: false`): the code that went there, Confirm,
 * and "Send the code again". What each answer means is said beside the path it is about; a path
 * confirmed here stays listed with its success line until the page is left.
 *
 * Home and the profile page place it; `onConfirmed` lets home draw its summary again (the profile
 * page does not: its form would be drawn anew under the member's edits).
 */
export interface PathConfirmationsProps {
  orgId: string;
  contactId: number;
  paths: readonly ContactPathAnswer[];
  /** The organisation's `unconfirmedPathsReceive`: said under each path. */
  unconfirmedPathsReceive: boolean;
  onConfirmed?: (pathId: number) => void;
}

export function PathConfirmations({ orgId, contactId, paths, unconfirmedPathsReceive, onConfirmed }: PathConfirmationsProps) {
  const { t } = useTranslation();
  // The paths listed: those not confirmed when the list was first drawn, and any that turn up later.
  const [listed, setListed] = useState<readonly number[]>(() => paths.filter((path) => path.confirmed === false).map((path) => path.pathId));
  const unconfirmed = paths.filter((path) => path.confirmed === false).map((path) => path.pathId);
  const missing = unconfirmed.filter((pathId) => !listed.includes(pathId));
  if (missing.length > 0) setListed([...listed, ...missing]);
  const shown = paths.filter((path) => listed.includes(path.pathId) && path.value !== '');
  if (shown.length === 0) return null;
  return (
    <section className="path-confirmations" aria-labelledby="path-confirmations-title">
      <h2 id="path-confirmations-title">{t('pathConfirmation.title')}</h2>
      <p>{t('pathConfirmation.intro')}</p>
      <ul className="path-confirmation-list">
        {shown.map((path) => (
          <li key={`${path.pathId} ${path.value}`}>
            <PathConfirmation orgId={orgId} contactId={contactId} path={path} unconfirmedPathsReceive={unconfirmedPathsReceive} onConfirmed={onConfirmed} />
          </li>
        ))}
      </ul>
    </section>
  );
}

type Said = { ok: boolean; key: string; params?: Record<string, string | number> } | null;

function PathConfirmation({ orgId, contactId, path, unconfirmedPathsReceive, onConfirmed }: Omit<PathConfirmationsProps, 'paths'> & { path: ContactPathAnswer }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [said, setSaid] = useState<Said>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const names = { pathName: path.name, value: path.displayValue || path.value };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (code.trim() === '') return setFieldError(t('pathConfirmation.code.required'));
    setBusy(true);
    const result = await confirmPath(orgId, contactId, path.pathId, code);
    setBusy(false);
    if (!result.hasError && result.data?.confirmed) {
      setConfirmed(true);
      setSaid({ ok: true, key: 'pathConfirmation.confirmed', params: names });
      onConfirmed?.(path.pathId);
      return;
    }
    const errorCode = result.data?.errorCode ?? 'pathConfirmation.expired';
    if (errorCode === 'pathConfirmation.wrongCode') {
      setSaid(null);
      return setFieldError(t(errorCode, { attemptsLeft: result.data?.attemptsLeft ?? 0 }));
    }
    setFieldError(null);
    setSaid({ ok: false, key: errorCode });
  }

  async function resend() {
    if (busy) return;
    setBusy(true);
    setFieldError(null);
    const result = await sendPathConfirmationCode(orgId, contactId, path.pathId, i18n.language || 'en_US');
    setBusy(false);
    const answer = result.data;
    if (!result.hasError && answer?.outcome) {
      setCode('');
      return setSaid(answer.outcome === 'failed' ? { ok: false, key: 'pathConfirmation.sendFailed', params: names } : { ok: true, key: 'pathConfirmation.resent', params: names });
    }
    setSaid({ ok: false, key: answer?.errorCode ?? 'pathConfirmation.sendFailed', params: { ...names, seconds: answer?.retryAfterSeconds ?? 60 } });
  }

  const message = said ? (
    <p role={said.ok ? 'status' : 'alert'} className={said.ok ? 'notice-ok' : 'notice'}>
      {t(said.key, { ...said.params, defaultValue: t('pathConfirmation.sendFailed', names) })}
    </p>
  ) : null;
  if (confirmed) return message;
  return (
    <form className="path-confirmation" onSubmit={(event) => void submit(event)} noValidate>
      <div className={`field${fieldError ? ' field-invalid' : ''}`}>
        <label className="field-label" htmlFor={id}>{t('pathConfirmation.code.label', names)}</label>
        <p id={`${id}-help`} className="field-help">{t(unconfirmedPathsReceive ? 'pathConfirmation.receives' : 'pathConfirmation.receivesNothing')}</p>
        <input
          id={id}
          name="code"
          className="input path-confirmation-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-help${fieldError ? ` ${id}-error` : ''}`}
        />
        {fieldError ? <p id={`${id}-error`} role="alert" className="field-error">{fieldError}</p> : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={busy ? 'true' : undefined}>{t('pathConfirmation.confirm')}</button>
        <button type="button" className="button" aria-disabled={busy ? 'true' : undefined} onClick={() => void resend()}>{t('pathConfirmation.resend')}</button>
      </div>
      {message}
    </form>
  );
}
