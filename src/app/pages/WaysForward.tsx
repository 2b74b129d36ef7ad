import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { htmlLang } from '../../../schemas/languages.ts';
import { orgContact } from '../../../schemas/orgContact.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { navItems } from '../navItems.ts';
import { useScreenRegistry } from '../ScreenRegistryContext.ts';
import { useScreenContext } from '../useScreenContext.ts';

/**
 * Where to go from an error page of an organisation (issue 11 "dead ends"): a member to their home
 * page; a visitor to the login page when the organisation lets them sign in (self-service on), else
 * (self-service off: the deactivated page) to the pages the organisation still shows visitors, the
 * ones its navigation offers (paused: its notifications). Then the organisation's contact, when its
 * settings give one (`contactUrl`, `contactEmail`; schemas/orgContact.ts). A disabled organisation
 * has none of these (§2: it has no routes).
 */
export function WaysForward() {
  const { t } = useTranslation();
  const { boot, account } = useOrg();
  const ctx = useScreenContext();
  const registry = useScreenRegistry();
  const org = boot.organization;
  const orgPath = `/${encodeURIComponent(boot.orgId)}`;
  if (account) return <><p><Link to={`${orgPath}/home`}>{t('error.waysForward.home')}</Link></p><OrgContactLinks /></>;
  if (org.disabled) return null;
  if (org.enableSSP !== false) return <><p><Link to={`${orgPath}/login`}>{t('error.waysForward.login')}</Link></p><OrgContactLinks /></>;
  const pages = navItems(registry, ctx).filter((item): item is typeof item & { to: string } => item.to !== undefined);
  return (
    <>
      {pages.length > 0 ? (
        <>
          <p id="ways-forward-pages">{t('error.waysForward.pages')}</p>
          <ul aria-labelledby="ways-forward-pages" className="ways-forward">
            {pages.map((item) => <li key={item.id}><Link to={item.to}>{t(item.labelKey)}</Link></li>)}
          </ul>
        </>
      ) : null}
      <OrgContactLinks />
    </>
  );
}

/** The organisation's contact page and e-mail address, each when its settings give a valid one. */
function OrgContactLinks() {
  const { t } = useTranslation();
  const org = useOrg().boot.organization;
  const contact = orgContact(org);
  if (org.disabled) return null;
  // The organisation's name inside the sentence is its own text, in its own language and direction.
  const orgName = <bdi lang={htmlLang(org.defaultLanguage)}>{org.orgName}</bdi>;
  return (
    <>
      {contact.url ? <p className="ways-forward-contact"><a href={contact.url}>{withName(t('error.waysForward.contact', { orgName: NAME_MARK }), orgName)}</a></p> : null}
      {contact.mailto ? (
        <p className="ways-forward-contact">
          {withName(t('error.waysForward.contactEmail', { orgName: NAME_MARK }), orgName)} <a href={contact.mailto} dir="ltr">{contact.email}</a>
        </p>
      ) : null}
    </>
  );
}

/** Stands for the name while the message is translated; then the name is drawn in its place as an element. */
const NAME_MARK = '\u0000orgName\u0000';

/** A message translated with `{ orgName: NAME_MARK }`, the name drawn as `name` where the mark is. */
function withName(message: string, name: ReactNode): ReactNode {
  const at = message.indexOf(NAME_MARK);
  if (at < 0) return message;
  return <>{message.slice(0, at)}{name}{message.slice(at + NAME_MARK.length)}</>;
}
