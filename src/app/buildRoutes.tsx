import { lazy } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { useOrg } from '../org/OrgContext.tsx';
import { OrgChrome } from './OrgChrome.tsx';
import { GeneralErrorPage } from './pages/GeneralErrorPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { ScreenGate } from './ScreenGate.tsx';
import type { Screen } from './screenTypes.ts';

function OrgLayout() {
  return (
    <OrgChrome>
      <Outlet />
    </OrgChrome>
  );
}

function OrgNotFound() {
  const { boot } = useOrg();
  return <NotFoundPage orgName={boot.organization.orgName} inOrganization />;
}

/**
 * The route tree of one organisation, generated from screens.config.ts's screens. A disabled
 * organisation has no routes: every address is the not-found page (§2). Each screen's module is
 * loaded the first time the screen is shown (heavy screens stay out of the first load); screens
 * that share a module (a form's step, edit-* and my-* pages) share its chunk.
 */
export function buildRoutes(screens: readonly Screen[], { disabled }: { disabled: boolean }): RouteObject[] {
  const children: RouteObject[] = disabled
    ? [{ path: '*', element: <OrgNotFound /> }]
    : [
      { index: true, element: <Navigate to="home" replace /> },
      ...screens.map((screen) => ({ path: screen.path, element: <ScreenGate screen={screen} component={lazy(screen.load)} /> })),
      { path: '*', element: <OrgNotFound /> },
    ];
  return [{ path: '/:orgId', element: <OrgLayout />, errorElement: <GeneralErrorPage />, children }];
}
