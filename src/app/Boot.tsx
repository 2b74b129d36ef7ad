import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { ApiError, preloadOrgBoot, useInit } from '../api/hooks.ts';
import { LoadingBar } from '../ui/LoadingBar.tsx';
import { PlainChrome } from '../components/PlainChrome.tsx';
import { createI18n, initialLanguage } from '../i18n/i18n.ts';
import { accessKeyForInit, accessKeyToStore, storeAccessKey, storedAccessKey } from './accessKey.ts';
import { OrgApp } from './OrgApp.tsx';
import { prefetchScreen } from './prefetchScreen.ts';
import { GeneralErrorMessage } from './pages/GeneralErrorMessage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { ScreenRegistryContext } from './ScreenRegistryContext.ts';
import type { ScreenRegistry } from './screenTypes.ts';

/** Which app an address belongs to: the root page, the demo mailbox, a public communication, or an organisation. */
export type BootTarget = { kind: 'root' } | { kind: 'mails' } | { kind: 'admin' } | { kind: 'comms'; commsId: string } | { kind: 'org'; orgId: string };

export function bootTarget(pathname: string): BootTarget {
  const [, first, second] = pathname.split('/');
  if (!first) return { kind: 'root' };
  if (first === 'mails') return { kind: 'mails' };
  if (first === 'comms') return { kind: 'comms', commsId: decodeURIComponent(second ?? '') };
  if (first === 'admin') return { kind: 'admin' };
  return { kind: 'org', orgId: decodeURIComponent(first) };
}

/**
 * What an organisation's page can ask for before anything is drawn (issue 10 item 3): its boot calls
 * and its screen's script, all at once, while the catalogue loads. src/main.tsx calls it as the app starts.
 */
export function startLoading(location: Pick<Location, 'pathname' | 'search'>, registry: ScreenRegistry): void {
  const target = bootTarget(location.pathname);
  if (target.kind !== 'org') return;
  preloadOrgBoot(target.orgId, accessKeyForInit(new URLSearchParams(location.search).get('accessKey'), storedAccessKey()));
  prefetchScreen(registry.screens, location.pathname);
}

interface BootProps {
  location: Pick<Location, 'pathname' | 'search'>;
  /** screens.config.ts, handed over by src/main.tsx: the shell draws it without importing it. */
  registry: ScreenRegistry;
}

/** §4 "Boot: loading, then navigation configured and app shown; boot 404 shows the error page." */
export function Boot({ location, registry }: BootProps) {
  const [i18n, setI18n] = useState<I18n | null>(null);
  useEffect(() => {
    void createI18n(initialLanguage()).then(setI18n);
  }, []);
  // The pages outside any organisation, each loaded only at its address (the admin preview brings the form renderer).
  const { Root, Mails, Admin, Comms } = useMemo(() => ({
    Root: lazy(registry.pages.root),
    Mails: lazy(registry.pages.mails),
    Admin: lazy(registry.pages.admin),
    Comms: lazy(registry.pages.comms),
  }), [registry.pages]);
  // Before the catalogue is there, the bar has no label to give: it is decoration until then.
  if (!i18n) return <div className="loading-bar" aria-hidden="true" />;
  const target = bootTarget(location.pathname);
  return (
    <I18nextProvider i18n={i18n}>
      <ScreenRegistryContext.Provider value={registry}>
        <Suspense fallback={<LoadingBar />}>
          {target.kind === 'root' ? <Root /> : null}
          {target.kind === 'mails' ? <Mails orgId={new URLSearchParams(location.search).get('orgId')} /> : null}
          {target.kind === 'admin' ? <Admin /> : null}
          {target.kind === 'comms' ? <Comms commsId={target.commsId} /> : null}
        </Suspense>
        {target.kind === 'org' ? <OrgBoot orgId={target.orgId} accessKey={new URLSearchParams(location.search).get('accessKey')} /> : null}
      </ScreenRegistryContext.Provider>
    </I18nextProvider>
  );
}

function OrgBoot({ orgId, accessKey: urlAccessKey }: { orgId: string; accessKey: string | null }) {
  // §5: the init call sends the URL's accessKey, else the stored one (read once: saving it must not refetch).
  const [accessKey] = useState(() => accessKeyForInit(urlAccessKey, storedAccessKey()));
  const init = useInit(orgId, accessKey);
  const loggedIn = init.data ? init.data.account !== null : null;
  useEffect(() => {
    if (loggedIn === null) return;
    const key = accessKeyToStore(urlAccessKey, storedAccessKey(), loggedIn);
    if (key) storeAccessKey(orgId, key);
  }, [orgId, urlAccessKey, loggedIn]);
  if (init.isLoading) return <LoadingBar />;
  if (init.error || !init.data) {
    const status = init.error instanceof ApiError ? init.error.result.status : 0;
    return (
      <PlainChrome>
        {status === 404 || status === 400 ? <NotFoundPage /> : <GeneralErrorMessage />}
      </PlainChrome>
    );
  }
  // §2 "Nothing renders if the organisation name is missing."
  if (!init.data.organization.orgName) return null;
  return <OrgApp boot={init.data} />;
}
