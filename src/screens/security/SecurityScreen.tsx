import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlLang } from '../../../schemas/languages.ts';
import {
  addPasskey, confirmTotp, getSecondFactors, passkeyRegistrationOptions, removePasskey, removeTotp, renewRecoveryCodes, startTotpSetup,
  type SecondFactorsReply,
} from '../../api/secondFactors.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { AddPasskey } from '../../components/secondFactors/AddPasskey.tsx';
import type { Said } from '../../components/secondFactors/messages.ts';
import { RecoveryCodes } from '../../components/secondFactors/RecoveryCodes.tsx';
import { TotpSetup } from '../../components/secondFactors/TotpSetup.tsx';
import { passkeysSupported } from '../../components/secondFactors/webauthn.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import '../../styles/forms.css';

type Confirming = { kind: 'totp' } | { kind: 'passkey'; id: string; name: string } | { kind: 'recoveryCodes' } | null;

/**
 * The member's sign-in security (issue 15, `/{orgId}/my-security`): their authenticator app, their
 * passkeys (at most 10) and their recovery codes. Each removal, and new recovery codes (the old ones
 * stop working), asks first; recovery codes are shown once, when made. Where the organisation
 * requires a second factor, the page says so, and the server refuses to remove the last one.
 */
export default function SecurityScreen() {
  const { t, i18n } = useTranslation();
  const { boot, account } = useOrg();
  const orgId = boot.orgId;
  const contactId = account?.id ?? 0;
  const [factors, setFactors] = useState<SecondFactorsReply | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [settingUpApp, setSettingUpApp] = useState(false);
  const [addingPasskey, setAddingPasskey] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [said, setSaid] = useState<(Said & { ok: boolean }) | null>(null);
  const [busy, setBusy] = useState(false);

  const [version, setVersion] = useState(0);
  /** What the member has is read again (after a change). */
  const load = useCallback(() => setVersion((n) => n + 1), []);
  useEffect(() => {
    let live = true;
    void getSecondFactors(orgId, contactId).then((result) => {
      if (!live) return;
      if (result.hasError || !result.data?.passkeys) setLoadFailed(true);
      else setFactors(result.data);
    });
    return () => {
      live = false;
    };
  }, [orgId, contactId, version]);

  const date = (iso: string | null | undefined) => (iso ? new Intl.DateTimeFormat(htmlLang(i18n.language || 'en_US'), { dateStyle: 'medium' }).format(new Date(iso)) : '');

  async function confirmed() {
    const what = confirming;
    if (!what || busy) return;
    setBusy(true);
    if (what.kind === 'recoveryCodes') {
      const result = await renewRecoveryCodes(orgId, contactId);
      setBusy(false);
      setConfirming(null);
      if (!result.hasError && result.data?.recoveryCodes) setCodes(result.data.recoveryCodes);
      else setSaid({ ok: false, key: result.data?.errorCode ?? 'secondFactor.failed' });
      return;
    }
    const result = what.kind === 'totp' ? await removeTotp(orgId, contactId) : await removePasskey(orgId, contactId, what.id);
    setBusy(false);
    setConfirming(null);
    if (!result.hasError && result.data?.status === 'ok') setSaid({ ok: true, key: what.kind === 'totp' ? 'totp.removed' : 'passkey.removed' });
    else setSaid({ ok: false, key: result.data?.errorCode ?? 'secondFactor.failed' });
    load();
  }

  if (codes) {
    return (
      <section className="card" aria-labelledby="security-title" data-screen="mySecurity">
        <PageHeading id="security-title">{t('page.title.security')}</PageHeading>
        <RecoveryCodes codes={codes} orgName={boot.organization.orgName} doneKey="recoveryCodes.done" onDone={() => setCodes(null)} />
      </section>
    );
  }

  const passkeyName = (passkey: { name: string; deviceType: string }) => passkey.name || t(passkey.deviceType === 'multiDevice' ? 'passkey.defaultName.synced' : 'passkey.defaultName.device');
  const hasFactor = Boolean(factors?.totp) || (factors?.passkeys?.length ?? 0) > 0;
  const canAddPasskey = passkeysSupported() && (factors?.passkeys?.length ?? 0) < (factors?.maxPasskeys ?? 10);

  return (
    <section className="card" aria-labelledby="security-title" data-screen="mySecurity">
      <PageHeading id="security-title">{t('page.title.security')}</PageHeading>
      <p>{t('security.intro')}</p>
      {factors?.required ? <p className="notice">{t('security.required', { orgName: boot.organization.orgName })}</p> : null}
      {said ? <p role={said.ok ? 'status' : 'alert'} className={said.ok ? 'notice-ok' : 'notice'}>{t(said.key, { defaultValue: t('secondFactor.failed') })}</p> : null}
      {loadFailed ? <p role="alert" className="notice">{t('security.loadFailed')}</p> : null}
      {!factors && !loadFailed ? <p role="status" className="hint">{t('loading')}</p> : null}
      {factors?.passkeys ? (
        <>
          <section className="security-section" aria-labelledby="security-app-title">
            <h2 id="security-app-title">{t('totp.title')}</h2>
            <p>{t('totp.intro')}</p>
            {factors.totp ? (
              <>
                <p className="security-state">{t('totp.state.on', { date: date(factors.totp.createdAt) })}</p>
                {factors.totp.lastUsedAt ? <p className="hint">{t('security.lastUsed', { date: date(factors.totp.lastUsedAt) })}</p> : null}
                <div className="form-actions">
                  <button type="button" className="button button-danger" onClick={() => setConfirming({ kind: 'totp' })}>{t('totp.remove')}</button>
                </div>
              </>
            ) : settingUpApp ? (
              <TotpSetup
                start={() => startTotpSetup(orgId, contactId)}
                confirm={async (code) => {
                  const result = await confirmTotp(orgId, contactId, code);
                  if (result.hasError || !result.data?.recoveryCodes) return { key: result.data?.errorCode ?? 'secondFactor.failed' };
                  setSettingUpApp(false);
                  setSaid({ ok: true, key: 'totp.added' });
                  setCodes(result.data.recoveryCodes);
                  load();
                  return null;
                }}
                onCancel={() => setSettingUpApp(false)}
              />
            ) : (
              <div className="form-actions">
                <button type="button" className="button button-primary" onClick={() => setSettingUpApp(true)}>{t('totp.setup.start')}</button>
              </div>
            )}
          </section>

          <section className="security-section" aria-labelledby="security-passkeys-title">
            <h2 id="security-passkeys-title">{t('passkey.title')}</h2>
            <p>{t('passkey.intro')}</p>
            {factors.passkeys.length ? (
              <ul className="passkey-list">
                {factors.passkeys.map((passkey) => (
                  <li key={passkey.id} className="passkey-item">
                    <div>
                      <p className="passkey-name">{passkeyName(passkey)}</p>
                      <p className="hint">
                        {t('passkey.added', { date: date(passkey.createdAt) })}
                        {passkey.lastUsedAt ? ` · ${t('security.lastUsed', { date: date(passkey.lastUsedAt) })}` : ''}
                      </p>
                    </div>
                    <button
                      type="button" className="button button-danger" aria-label={t('passkey.remove.named', { name: passkeyName(passkey) })}
                      onClick={() => setConfirming({ kind: 'passkey', id: passkey.id!, name: passkeyName(passkey) })}
                    >
                      {t('passkey.remove')}
                    </button>
                  </li>
                ))}
              </ul>
            ) : <p className="hint">{t('passkey.none')}</p>}
            {!passkeysSupported() ? <p className="hint">{t('passkey.unsupported')}</p> : null}
            {canAddPasskey && !addingPasskey ? (
              <div className="form-actions">
                <button type="button" className="button" onClick={() => setAddingPasskey(true)}>{t('passkey.add')}</button>
              </div>
            ) : null}
            {canAddPasskey && addingPasskey ? (
              <AddPasskey
                options={() => passkeyRegistrationOptions(orgId, contactId)}
                send={async (credential, name) => {
                  const result = await addPasskey(orgId, contactId, credential, name);
                  if (result.hasError || !result.data?.passkey) return { key: result.data?.errorCode ?? 'passkey.failed' };
                  setAddingPasskey(false);
                  setSaid({ ok: true, key: 'passkey.added.notice' });
                  if (result.data.recoveryCodes) setCodes(result.data.recoveryCodes);
                  load();
                  return null;
                }}
              />
            ) : null}
          </section>

          <section className="security-section" aria-labelledby="security-codes-title">
            <h2 id="security-codes-title">{t('recoveryCodes.title')}</h2>
            <p>{t('recoveryCodes.about')}</p>
            {hasFactor ? (
              <>
                <p className="security-state">{t('recoveryCodes.left', { count: factors.recoveryCodesLeft ?? 0 })}</p>
                <div className="form-actions">
                  <button type="button" className="button" onClick={() => setConfirming({ kind: 'recoveryCodes' })}>{t('recoveryCodes.renew')}</button>
                </div>
              </>
            ) : <p className="hint">{t('recoveryCodes.noneYet')}</p>}
          </section>
        </>
      ) : null}

      {confirming ? (
        <Dialog title={t('form.dialog.confirm.title')} onClose={() => setConfirming(null)}>
          <p>
            {confirming.kind === 'totp' ? t('totp.remove.confirm')
              : confirming.kind === 'passkey' ? t('passkey.remove.confirm', { name: confirming.name })
                : t('recoveryCodes.renew.confirm')}
          </p>
          <div className="dialog-actions">
            <button type="button" className={`button ${confirming.kind === 'recoveryCodes' ? 'button-primary' : 'button-danger'}`} aria-disabled={busy ? 'true' : undefined} onClick={() => void confirmed()}>
              {t(confirming.kind === 'recoveryCodes' ? 'recoveryCodes.renew' : confirming.kind === 'totp' ? 'totp.remove' : 'passkey.remove')}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(null)} data-autofocus>{t('form.dialog.cancel')}</button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
