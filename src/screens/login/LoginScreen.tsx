import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useOrg } from '../../app/OrgContext.tsx';

/**
 * §2 Login page: links to forgot-username, forgot-password, new and ./sso, carrying accessKey.
 * The username/password form and its calls arrive with the accounts issue; the page says so.
 */
export default function LoginScreen() {
  const { t } = useTranslation();
  const { boot } = useOrg();
  const [params] = useSearchParams();
  const accessKey = params.get('accessKey');
  const keep = accessKey ? `?accessKey=${encodeURIComponent(accessKey)}` : '';
  const org = boot.organization;
  return (
    <section className="card" aria-labelledby="login-title" data-screen="login">
      <h2 id="login-title" className="page-heading">{t('page.title.login')}</h2>
      <p className="notice">{t('login.form.unavailable')}</p>
      <ul className="link-list">
        {org.enabledSSO ? <li><Link to={`sso${keep}`}>{t('login.sso.link')}</Link></li> : null}
        <li><Link to={`../forgot-username${keep}`} relative="path">{t('login.forgotUsername.link')}</Link></li>
        <li><Link to={`../forgot-password${keep}`} relative="path">{t('login.forgotPassword.link')}</Link></li>
        {org.isPublic ? <li><Link to={`../new${keep}`} relative="path">{t('login.signUp.link')}</Link></li> : null}
      </ul>
    </section>
  );
}
