import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ssoInfo } from '../../api/accounts.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useOrg } from '../../org/OrgContext.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { ssoStartUrl } from './ssoErrors.ts';

/**
 * §2 login/sso (issue 15): the organisation's identity providers from §7 `POST /index/sso/info`, each a
 * button that starts its sign-in at the discovery return address (`idpDiscoReturnURL?{param}={id}`);
 * with more than one, the member chooses (discovery). The help tip says where they are sent.
 */
export default function SsoScreen() {
  const { t } = useTranslation();
  const { boot } = useOrg();
  const { data, isLoading } = useSWR(['ssoInfo', boot.orgId], () => ssoInfo(boot.orgId), { revalidateOnFocus: false, shouldRetryOnError: false });
  const info = data && !data.hasError ? data.data : null;
  const providers = info?.providers ?? [];
  return (
    <section className="card card-narrow" aria-labelledby="sso-title" data-screen="loginSso">
      <PageHeading id="sso-title">{t('page.title.loginSso')}</PageHeading>
      {isLoading ? <LoadingBar /> : null}
      {!isLoading && (!info || providers.length === 0) ? <p role="alert" className="form-alert">{t('login.sso.none')}</p> : null}
      {info && providers.length > 1 ? <p id="sso-choose">{t('login.sso.choose')}</p> : null}
      {info && providers.length > 0 ? (
        <ul className="sso-providers" aria-labelledby={providers.length > 1 ? 'sso-choose' : undefined}>
          {providers.map((provider) => (
            <li key={provider.id}>
              <a className="button button-primary" href={ssoStartUrl(info, provider.id, false)}>{t('login.sso.provider', { name: provider.name })}</a>
            </li>
          ))}
        </ul>
      ) : null}
      <p><Link to=".." relative="path">{t('login.sso.back')}</Link></p>
    </section>
  );
}
