import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { loginPageVariant } from '../../../schemas/universalProfile.ts';
import { useOrg } from '../../org/OrgContext.tsx';

/**
 * §2 Login page links, carrying accessKey (`keep`): forgot-username and
 * forgot-password (not when the public portal hides the login form), and sign-up in a public
 * organisation, which leaves for the universal profile when the public portal's flags say so (§6).
 */
export function LoginLinks({ variant, keep }: { variant: ReturnType<typeof loginPageVariant>; keep: string }) {
  const { t } = useTranslation();
  const org = useOrg().boot.organization;
  return (
    <ul className="link-list">
      {variant.hideLoginForm ? null : (
        <>
          <li><Link to={`../forgot-username${keep}`} relative="path">{t('login.forgotUsername.link')}</Link></li>
          <li><Link to={`../forgot-password${keep}`} relative="path">{t('login.forgotPassword.link')}</Link></li>
        </>
      )}
      {org.isPublic ? (
        <li>
          {variant.signUpUrl
            ? <a href={variant.signUpUrl}>{t('login.signUp.link')}</a>
            : <Link to={`../new${keep}`} relative="path">{t('login.signUp.link')}</Link>}
        </li>
      ) : null}
      {/* A private organisation's visitor is told how to get an account (issue 11). */}
      {org.isPublic ? null : <li className="login-private-access">{t('login.privateAccess', { orgName: org.orgName })}</li>}
    </ul>
  );
}

/**
 * §2 "login/sso": an organisation with single sign-on signs its people in through its identity
 * provider, so that is the page's main action (issue 11), above the password form it keeps for the
 * accounts that have a password.
 */
export function SingleSignOnAction({ keep, withPasswordForm }: { keep: string; withPasswordForm: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="login-sso">
      <Link className="button button-primary" to={`sso${keep}`}>{t('login.sso.link')}</Link>
      {withPasswordForm ? <p className="login-or">{t('login.sso.or')}</p> : null}
    </div>
  );
}

/** §2, §6 the public portal's panel offering to continue at the universal profile. */
export function UniversalProfilePanel({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <section className="notice universal-profile" aria-labelledby="universal-profile-title">
      <h2 id="universal-profile-title">{t('login.universalProfile.title')}</h2>
      <p>{t('login.universalProfile.text')}</p>
      <a className="button button-primary" href={url}>{t('login.universalProfile.continue')}</a>
    </section>
  );
}
