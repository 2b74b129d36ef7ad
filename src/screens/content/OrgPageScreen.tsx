import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlLang } from '../../../schemas/languages.ts';
import { getFaqs, getOverview } from '../../api/publicContent.ts';
import { GeneralErrorMessage } from '../../app/pages/GeneralErrorMessage.tsx';
import { NotFoundPage } from '../../app/pages/NotFoundPage.tsx';
import { useCurrentScreen } from '../../app/useScreenMode.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useOrg } from '../../org/OrgContext.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import './content.css';

type Loaded = { status: 'loading' } | { status: 'ready'; html: string | null } | { status: 'failed' };

/**
 * §2 `faq` and `ov`: the organisation's FAQ or overview (its HTML, sanitised when it was published),
 * or the not-found page when it wrote none (§8 "Overview missing, FAQ null: not-found view").
 */
export default function OrgPageScreen() {
  const { t } = useTranslation();
  const { boot } = useOrg();
  const screen = useCurrentScreen();
  const page = screen?.id === 'overview' ? 'overview' : 'faq';
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const request = page === 'faq'
      ? getFaqs(boot.orgId, controller.signal).then((result) => ({ ...result, html: result.data?.faqs?.pageContent ?? null }))
      : getOverview(boot.orgId, controller.signal).then((result) => ({ ...result, html: result.data?.overview?.pageContent ?? null }));
    void request.then((result) => {
      if (result.isCanceled) return;
      if (result.status === 404) setLoaded({ status: 'ready', html: null });
      else setLoaded(result.hasError ? { status: 'failed' } : { status: 'ready', html: result.html });
    });
    return () => controller.abort();
  }, [boot.orgId, page]);
  if (loaded.status === 'loading') return <LoadingBar />;
  if (loaded.status === 'failed') return <GeneralErrorMessage />;
  if (!loaded.html) return <NotFoundPage orgName={boot.organization.orgName} inOrganization />;
  return (
    <article className="card org-page" data-screen={screen?.id}>
      <PageHeading>{screen ? t(screen.titleKey) : null}</PageHeading>
      <div className="org-html" lang={htmlLang(boot.organization.defaultLanguage)} dir="auto" dangerouslySetInnerHTML={{ __html: loaded.html }} />
    </article>
  );
}
