import { useOrg } from '../../org/OrgContext.tsx';
import { OrgChrome } from '../OrgChrome.tsx';
import { usePageTitle } from '../usePageTitle.ts';
import { GeneralErrorMessage } from './GeneralErrorMessage.tsx';

/** §8 general error page "with banner, nav, footer": what a screen that failed to load or render shows. */
export function GeneralErrorPage() {
  const { boot } = useOrg();
  usePageTitle(boot.organization.orgName, 'error.general.title');
  return (
    <OrgChrome>
      <GeneralErrorMessage />
    </OrgChrome>
  );
}
