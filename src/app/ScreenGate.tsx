import { Suspense, useEffect, type ComponentType } from 'react';
import { Navigate } from 'react-router';
import { HelpTip } from '../components/HelpTip.tsx';
import { PageHelpContext } from '../components/PageHeading.tsx';
import { LoadingBar } from '../ui/LoadingBar.tsx';
import { useOrg } from '../org/OrgContext.tsx';
import { DeactivatedPage } from './pages/DeactivatedPage.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { setPublicPortalEntry } from './publicPortalEntry.ts';
import { resolveScreen } from './resolveScreen.ts';
import { useScreenRegistry } from './ScreenRegistryContext.ts';
import type { Screen } from './screenTypes.ts';
import { usePageTitle } from './usePageTitle.ts';
import { useScreenContext } from './useScreenContext.ts';
import { CurrentScreenContext } from './useScreenMode.ts';

/** Applies the routing rules of §2 to one screen, then shows it with its help tip (after its heading) and title, below the progress bar on a sign-up step. */
export function ScreenGate({ screen, component }: { screen: Screen; component: ComponentType }) {
  const ctx = useScreenContext();
  const { setEntryFromPublicPortal } = useOrg();
  const screens = useScreenRegistry().screens;
  const resolution = resolveScreen(screens, screen, ctx);

  useEffect(() => {
    if (resolution.kind !== 'render' || !screen.publicPortalEntry) return;
    const on = screen.publicPortalEntry === 'set';
    setPublicPortalEntry(ctx.orgId, on);
    setEntryFromPublicPortal(on);
  }, [resolution.kind, screen.publicPortalEntry, ctx.orgId, setEntryFromPublicPortal]);

  switch (resolution.kind) {
    case 'redirect':
      return <Navigate to={resolution.to} replace />;
    case 'notFound':
      return <NotFoundPage orgName={ctx.org.orgName} inOrganization />;
    case 'deactivated':
      return <DeactivatedPage orgName={ctx.org.orgName} />;
    case 'render':
      return (
        <>
          {screen.progressStep ? <ProgressBar screens={screens} current={screen.progressStep} ctx={ctx} /> : null}
          <RenderedScreen screen={screen} component={component} orgName={ctx.org.orgName} orgId={ctx.orgId} />
        </>
      );
  }
}

interface RenderedScreenProps {
  screen: Screen;
  component: ComponentType;
  orgName: string;
  orgId: string;
}

function RenderedScreen({ screen, component: Component, orgName, orgId }: RenderedScreenProps) {
  usePageTitle(orgName, screen.titleKey);
  return (
    <CurrentScreenContext.Provider value={screen}>
      {/* The screen's PageHeading draws the tip after its h1 (issue 11: the title is the first heading). */}
      <PageHelpContext.Provider value={<HelpTip orgId={orgId} type={screen.help} />}>
        <Suspense fallback={<LoadingBar />}>
          <Component />
        </Suspense>
      </PageHelpContext.Provider>
    </CurrentScreenContext.Provider>
  );
}
