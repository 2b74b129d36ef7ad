import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../api/client.ts';
import type { PasskeyOptionsReply } from '../../api/secondFactors.ts';
import type { Said } from './messages.ts';
import { createPasskey } from './webauthn.ts';

export interface AddPasskeyProps {
  /** Asks the server for creation options (the member's page, or the sign-in's enrolment). */
  options: () => Promise<ApiResult<PasskeyOptionsReply | null>>;
  /** Sends the new credential with its name: null when stored, else why not. */
  send: (credential: unknown, name: string) => Promise<Said | null>;
}

/**
 * Adding a passkey (issue 15): an optional name ("Work laptop"; without one the list names it by its
 * kind), then the device's own prompt (fingerprint, face, PIN, or a phone or security key).
 */
export function AddPasskey({ options, send }: AddPasskeyProps) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setSaid(null);
    const started = await options();
    if (started.hasError || !started.data?.options) {
      setBusy(false);
      return setSaid({ key: started.data?.errorCode ?? 'passkey.failed' });
    }
    const made = await createPasskey(started.data.options, started.data.origin);
    if (!made.ok) {
      setBusy(false);
      return setSaid({ key: made.key, params: made.params });
    }
    const refused = await send(made.credential, name.trim());
    setBusy(false);
    setSaid(refused);
  }

  return (
    <form className="add-passkey" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label className="field-label" htmlFor={id}>{t('passkey.name.label')}</label>
        <p id={`${id}-help`} className="field-help">{t('passkey.name.help')}</p>
        <input id={id} name="passkeyName" className="input" maxLength={64} autoComplete="off" value={name} onChange={(event) => setName(event.currentTarget.value)} aria-describedby={`${id}-help`} />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={busy ? 'true' : undefined}>{t('passkey.add')}</button>
      </div>
      {said ? <p role="alert" className="notice">{t(said.key, { ...said.params, defaultValue: t('passkey.failed') })}</p> : null}
    </form>
  );
}
