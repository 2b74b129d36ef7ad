import { lazy } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { screens } from '../../screens.config.ts';
import { GeneralErrorPage } from '../screens/errors/GeneralErrorPage.tsx';
import { NotFoundPage } from '../screens/errors/NotFoundPage.tsx';
import { OrgChrome } from './OrgChrome.tsx';
import { useOrg } from './OrgContext.tsx';
import { ScreenGate } from './ScreenGate.tsx';

/** Each screen's module, loaded the first time the screen is shown (heavy screens stay out of the first load). */
const screenComponents = new Map(screens.map((screen) => [screen.id, lazy(screen.load)]));

function OrgLayout() {
  return (
    <OrgChrome>
      <Outlet />
    </OrgChrome>
  );
}

function OrgNotFound() {
  const { boot } = useOrg();
  return <NotFoundPage orgName={boot.organization.orgName} />;
}

/**
 * The route tree of one organisation, generated from screens.config.ts. A disabled organisation
 * has no routes: every address is the not-found page (§2).
 */
export function buildRoutes({ disabled }: { disabled: boolean }): RouteObject[] {
  const children: RouteObject[] = disabled
    ? [{ path: '*', element: <OrgNotFound /> }]
    : [
      { index: true, element: <Navigate to="home" replace /> },
      ...screens.map((screen) => ({ path: screen.path, element: <ScreenGate screen={screen} component={screenComponents.get(screen.id)!} /> })),
      { path: '*', element: <OrgNotFound /> },
    ];
  return [{ path: '/:orgId', element: <OrgLayout />, errorElement: <GeneralErrorPage />, children }];
}
