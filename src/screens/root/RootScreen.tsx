import { useTranslation } from 'react-i18next';
import { useDemoOrganizations } from '../../api/hooks.ts';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { PlainChrome } from '../../components/PlainChrome.tsx';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { PageHeading } from '../../components/PageHeading.tsx';

/** The root page `/`: in demo mode it lists the organisations so a new user finds their way in. */
export function RootScreen() {
  const { t } = useTranslation();
  usePageTitle(null, 'app.title');
  const { data, error, isLoading } = useDemoOrganizations();
  return (
    <PlainChrome>
      <PageHeading>{t('root.title')}</PageHeading>
      {isLoading ? <LoadingBar /> : null}
      {error ? <p className="card">{t('root.noDemo')}</p> : null}
      {data ? (
        <>
          <p>{t('root.intro')}</p>
          <p className="notice">{t('root.demoLogin', data.demoLogin)}</p>
          <p>{t('root.mailbox.hint')} <a href="/mails">{t('root.mailbox')}</a></p>
          <ul className="org-list">
            {data.organizations.map((org) => (
              <li key={org.orgId}>
                <a href={`/${encodeURIComponent(org.orgId)}/login`}>{org.orgName}</a> <code>/{org.orgId}</code>
                <p>{org.description}</p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </PlainChrome>
  );
}
