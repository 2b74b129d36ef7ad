/**
 * Single sign-on on the admin page (issue 15; README "Single sign-on"): for each identity provider of
 * the saved settings, the portal's addresses to give the provider (SAML metadata, assertion consumer
 * and logout services; OpenID redirect and post-logout URIs), and for an OpenID provider its client
 * secret, kept apart from the settings: set or replaced here, never shown.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { getSsoSetup, setSsoClientSecret } from '../api/admin.ts';

export function AdminSso({ orgId, settingsVersion }: { orgId: string; settingsVersion: number }) {
  const { t, i18n } = useTranslation();
  const [outcome, setOutcome] = useState<{ ok: boolean; key: string; name?: string } | null>(null);
  // Asked again when the saved settings change (a provider added or renamed).
  const setup = useSWR(['adminSso', orgId, settingsVersion], async () => getSsoSetup(orgId), { revalidateOnFocus: false });
  const providers = setup.data && !setup.data.hasError ? setup.data.data?.data ?? [] : [];
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' });

  async function saveSecret(event: FormEvent<HTMLFormElement>, providerId: string, name: string) {
    event.preventDefault();
    const form = event.currentTarget;
    const secret = String(new FormData(form).get('secret') ?? '');
    const result = await setSsoClientSecret(orgId, providerId, secret);
    setOutcome(result.hasError ? { ok: false, key: result.data?.errorCode ?? 'admin.members.failed' } : { ok: true, key: 'admin.sso.secretSaved', name });
    if (!result.hasError) form.reset();
    await setup.mutate();
  }

  return (
    <section className="card" aria-labelledby="sso-setup-title">
      <h2 id="sso-setup-title">{t('admin.sso.title')}</h2>
      <p className="hint">{t('admin.sso.hint')}</p>
      {outcome ? (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'notice-ok' : 'form-error'}>
          {t(outcome.key, { name: outcome.name, defaultValue: t('admin.members.failed') })}
        </p>
      ) : null}
      {setup.data?.hasError ? <p role="alert" className="form-error">{t('admin.sso.loadFailed')}</p> : null}
      {setup.data && !setup.data.hasError && providers.length === 0 ? <p>{t('admin.sso.none')}</p> : null}
      {providers.map((provider) => (
        <section key={provider.id} className="admin-sso-provider" aria-labelledby={`sso-${provider.id}`}>
          <h3 id={`sso-${provider.id}`}>{provider.name} <span className="hint">({t(`admin.settings.option.ssoProviders.protocol.${provider.protocol}`)})</span></h3>
          <dl className="admin-sso-addresses">
            {provider.addresses.map((address) => (
              <div key={address.kind}>
                <dt>{t(`admin.sso.address.${address.kind}`)}</dt>
                <dd><code>{address.url}</code></dd>
              </div>
            ))}
          </dl>
          {provider.protocol === 'oidc' ? (
            <form className="admin-member-form" onSubmit={(event) => void saveSecret(event, provider.id, provider.name)}>
              <p className="hint">{provider.secretSetAt ? t('admin.sso.secretSet', { date: when(provider.secretSetAt) }) : t('admin.sso.secretMissing')}</p>
              <label>
                {t('admin.sso.secret')}
                <input name="secret" type="password" autoComplete="off" required maxLength={500} />
              </label>
              <button type="submit" className="button">{t(provider.secretSetAt ? 'admin.sso.secretReplace' : 'admin.sso.secretSubmit')}</button>
            </form>
          ) : null}
        </section>
      ))}
    </section>
  );
}
