import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { navigation } from '../../api/client.ts';
import {
  confirmEnrolmentTotp, enrolmentPasskeyOptions, enrolPasskey, getPendingSignIn, secondStepPasskeyOptions, sendSecondStepCode, sendSecondStepPasskey,
  startEnrolmentTotp, type PendingSignInReply, type SignedInReply,
} from '../../api/secondFactors.ts';
import type { ApiResult } from '../../api/client.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { AddPasskey } from '../../components/secondFactors/AddPasskey.tsx';
import { refusalOf, type Said } from '../../components/secondFactors/messages.ts';
import { RecoveryCodes } from '../../components/secondFactors/RecoveryCodes.tsx';
import { TotpSetup } from '../../components/secondFactors/TotpSetup.tsx';
import { passkeysSupported, signWithPasskey } from '../../components/secondFactors/webauthn.ts';
import { withPluralCount } from '../../i18n/withPluralCount.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import '../../styles/forms.css';

type Enrolment = 'choose' | 'totp' | 'passkey';

/** Signed in: the page the server names, loaded afresh (the new session's account and token are read anew). */
const go = (redirect: string | undefined) => navigation.assign(redirect?.startsWith('/') ? redirect : navigation.current().href);

/**
 * The second step of a sign-in (issue 15, `/{orgId}/login/verify`): after a right password, a code of
 * the member's authenticator app or a recovery code, or one of their passkeys; where the organisation
 * requires a second factor and the member has none, they add one here (an app or a passkey), see
 * their recovery codes once, and only then go on signed in. The pending sign-in lives on the server
 * (5 minutes) under an HttpOnly cookie; when it is gone, the page says so and leads back to the login.
 */
export default function LoginVerifyScreen() {
  const { t } = useTranslation();
  const { boot } = useOrg();
  const orgId = boot.orgId;
  const [pending, setPending] = useState<PendingSignInReply | null>(null);
  const [expired, setExpired] = useState(false);
  const [enrolment, setEnrolment] = useState<Enrolment>('choose');
  const [signedIn, setSignedIn] = useState<SignedInReply | null>(null);

  useEffect(() => {
    let live = true;
    void getPendingSignIn(orgId).then((result) => {
      if (!live) return;
      if (result.hasError || !result.data || result.data.enrol === undefined) setExpired(true);
      else setPending(result.data);
    });
    return () => {
      live = false;
    };
  }, [orgId]);

  /** A finished step: on at once, or first the recovery codes an enrolment made. */
  function finished(result: ApiResult<SignedInReply | null>): Said | null {
    const answer = result.data;
    if (!result.hasError && answer?.status === '1') {
      if (answer.recoveryCodes?.length) setSignedIn(answer);
      else go(answer.redirect);
      return null;
    }
    if (answer?.errorCode === 'secondFactor.pendingExpired') setExpired(true);
    return refusalOf(answer);
  }

  let body;
  if (signedIn?.recoveryCodes) {
    body = <RecoveryCodes codes={signedIn.recoveryCodes} orgName={boot.organization.orgName} doneKey="recoveryCodes.continue" onDone={() => go(signedIn.redirect)} />;
  } else if (expired) {
    body = (
      <>
        <p role="alert" className="notice">{t('secondFactor.pendingExpired')}</p>
        <p><Link className="button button-primary" to={`/${encodeURIComponent(orgId)}/login`}>{t('secondFactor.backToLogin')}</Link></p>
      </>
    );
  } else if (!pending) {
    body = <p role="status" className="hint">{t('loading')}</p>;
  } else if (pending.enrol) {
    body = (
      <>
        <p>{t('secondFactor.enrol.intro', { orgName: boot.organization.orgName })}</p>
        {enrolment === 'choose' ? (
          <div className="form-actions second-factor-choices">
            <button type="button" className="button button-primary" onClick={() => setEnrolment('totp')}>{t('secondFactor.enrol.totp')}</button>
            {passkeysSupported() ? <button type="button" className="button" onClick={() => setEnrolment('passkey')}>{t('secondFactor.enrol.passkey')}</button> : null}
          </div>
        ) : null}
        {enrolment === 'totp' ? (
          <section aria-labelledby="enrol-totp-title">
            <h2 id="enrol-totp-title">{t('totp.setup.title')}</h2>
            <TotpSetup
              start={() => startEnrolmentTotp(orgId)}
              confirm={async (code) => finished(await confirmEnrolmentTotp(orgId, code))}
              onCancel={() => setEnrolment('choose')}
              cancelKey="secondFactor.enrol.other"
            />
          </section>
        ) : null}
        {enrolment === 'passkey' ? (
          <section aria-labelledby="enrol-passkey-title">
            <h2 id="enrol-passkey-title">{t('passkey.add.title')}</h2>
            <p>{t('passkey.add.intro')}</p>
            <AddPasskey options={() => enrolmentPasskeyOptions(orgId)} send={async (credential, name) => finished(await enrolPasskey(orgId, credential, name))} />
            <p><button type="button" className="button-link" onClick={() => setEnrolment('choose')}>{t('secondFactor.enrol.other')}</button></p>
          </section>
        ) : null}
      </>
    );
  } else {
    body = <SecondStep orgId={orgId} pending={pending} finished={finished} />;
  }

  return (
    <section className="card card-narrow" aria-labelledby="verify-title" data-screen="loginVerify">
      <PageHeading id="verify-title">{t(pending?.enrol ? 'page.title.loginEnrol' : 'page.title.loginVerify')}</PageHeading>
      {body}
      {!signedIn && !expired ? (
        <ul className="link-list">
          <li><Link to={`/${encodeURIComponent(orgId)}/login`}>{t('secondFactor.cancel')}</Link></li>
        </ul>
      ) : null}
    </section>
  );
}

/** The second step proper: a code (of the app, or a recovery code), or a passkey. */
function SecondStep({ orgId, pending, finished }: { orgId: string; pending: PendingSignInReply; finished: (result: ApiResult<SignedInReply | null>) => Said | null }) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Said | null>(null);
  const [passkeyError, setPasskeyError] = useState<Said | null>(null);
  const takesCode = Boolean(pending.totp || pending.recoveryCodes);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (code.trim() === '') return setError({ key: 'secondFactor.code.required' });
    setBusy(true);
    const refused = finished(await sendSecondStepCode(orgId, code));
    setBusy(false);
    setError(refused);
    if (refused) setCode('');
  }

  async function passkey() {
    if (busy) return;
    setBusy(true);
    setPasskeyError(null);
    const started = await secondStepPasskeyOptions(orgId);
    if (started.hasError || !started.data?.options) {
      setBusy(false);
      return setPasskeyError(refusalOf(started.data));
    }
    const signed = await signWithPasskey(started.data.options, started.data.origin);
    if (!signed.ok) {
      setBusy(false);
      return setPasskeyError({ key: signed.key, params: signed.params });
    }
    const refused = finished(await sendSecondStepPasskey(orgId, signed.credential));
    setBusy(false);
    setPasskeyError(refused);
  }

  const usePasskeyFirst = pending.passkey && passkeysSupported();
  return (
    <>
      <p>{t(pending.totp ? 'secondFactor.verify.intro' : 'secondFactor.verify.introNoApp')}</p>
      {usePasskeyFirst ? (
        <div className="second-step-passkey">
          <button type="button" className="button button-primary" aria-disabled={busy ? 'true' : undefined} onClick={() => void passkey()}>{t('secondFactor.verify.passkey')}</button>
          {passkeyError ? <p role="alert" className="notice">{t(passkeyError.key, withPluralCount({ ...passkeyError.params, defaultValue: t('passkey.failed') }))}</p> : null}
          {takesCode ? <p className="login-or">{t('login.passkey.or')}</p> : null}
        </div>
      ) : null}
      {takesCode ? (
        <form className="second-step-code" onSubmit={(event) => void submit(event)} noValidate>
          <div className={`field${error ? ' field-invalid' : ''}`}>
            <label className="field-label" htmlFor={id}>{t(pending.totp ? 'secondFactor.code.label' : 'secondFactor.recoveryCode.label')}</label>
            <p id={`${id}-help`} className="field-help">{t(pending.totp ? 'secondFactor.code.help' : 'secondFactor.recoveryCode.help')}</p>
            <input
              id={id} name="code" className="input input-code" autoComplete="one-time-code" maxLength={40} spellCheck={false} autoCapitalize="off"
              inputMode={pending.totp ? 'numeric' : 'text'} value={code} onChange={(event) => setCode(event.currentTarget.value)}
              aria-invalid={error ? true : undefined} aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`} data-autofocus
            />
            {error ? <p id={`${id}-error`} role="alert" className="field-error">{t(error.key, withPluralCount({ ...error.params, defaultValue: t('secondFactor.failed') }))}</p> : null}
          </div>
          <div className="form-actions">
            <button type="submit" className={`button ${usePasskeyFirst ? '' : 'button-primary'}`.trim()} aria-disabled={busy ? 'true' : undefined}>{t('secondFactor.verify.submit')}</button>
          </div>
        </form>
      ) : null}
      {!takesCode && !usePasskeyFirst ? <p role="alert" className="notice">{t('secondFactor.verify.noWay')}</p> : null}
    </>
  );
}
