import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { buildLoginSchema } from '../../../schemas/forms/buildLoginSchema.ts';
import type { FieldError } from '../../../schemas/forms/types.ts';
import { loginPageVariant } from '../../../schemas/universalProfile.ts';
import { api, navigation, writeOrgCookie } from '../../api/client.ts';
import { paths } from '../../api/paths.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { SchemaForm } from '../../forms/index.ts';
import type { LoginNotice } from '../resetPassword/ResetPasswordScreen.tsx';

/** §7 `POST /manage/login` answer. */
interface LoginAnswer {
  status?: string;
  redirect?: string;
  errorCode?: string;
  remainCount?: number;
  fedrampLockTime?: number;
  errors?: FieldError[];
}

/** The message above the form for a refused login (§8 Login: the server's errorCode, FedRAMP counts). */
function loginMessage(answer: LoginAnswer): { key: string; params: Record<string, unknown> } {
  if (answer.remainCount !== undefined) return { key: 'ssp.request.account.error.fedRamp', params: { count: answer.remainCount } };
  if (answer.fedrampLockTime !== undefined) return { key: 'ssp.request.account.locked.fedRamp', params: { minutes: answer.fedrampLockTime } };
  return { key: answer.errorCode ?? 'login.failed', params: {} };
}

/**
 * §2 Login page: the login builder's form (§5 messages on blur and submit), links to
 * forgot-username, forgot-password, new and ./sso carrying accessKey. Success goes where the server
 * says (a fresh page load, so the new session's account and CSRF token are read anew); status "-1"
 * (expired password, §4) sets the p_expired marker and goes to reset-password. With the public
 * portal's flags (§2, §6) the sign-up link leaves for the universal profile, a panel offers to
 * continue there, and the login form itself may be hidden.
 */
export default function LoginScreen() {
  const { t } = useTranslation();
  const { boot, flags } = useOrg();
  const [params] = useSearchParams();
  // Set by the expired-password form after the change (§4 "success sets N and goes to login").
  const passwordChanged = (useLocation().state as LoginNotice | null)?.passwordChanged === true;
  const [data, setData] = useState<{ username?: string; password?: string }>({});
  const [message, setMessage] = useState<{ key: string; params: Record<string, unknown> } | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const org = boot.organization;
  const form = useMemo(() => buildLoginSchema(org, { featureFlags: flags }, 'signup'), [org, flags]);
  const accessKey = params.get('accessKey');
  const keep = accessKey ? `?accessKey=${encodeURIComponent(accessKey)}` : '';
  const variant = loginPageVariant(org, flags, boot.orgId);

  async function submit(values: { username?: string; password?: string }) {
    setBusy(true);
    setMessage(null);
    const result = await api.post<LoginAnswer>(paths.login, {
      form: { orgId: boot.orgId, username: values.username ?? '', password: values.password ?? '', keepSigned: 'false' },
    });
    setBusy(false);
    const answer = result.data ?? {};
    if (!result.hasError && answer.status === '1' && answer.redirect?.startsWith('/')) {
      navigation.assign(answer.redirect);
      return;
    }
    if (!result.hasError && answer.status === '-1' && answer.redirect?.startsWith('/')) {
      writeOrgCookie(boot.orgId, 'p_expired', 'Y');
      // The expired-password form sends it as loginId (src/screens/resetPassword, same key).
      sessionStorage.setItem('ssp.expired.loginId', values.username ?? '');
      navigation.assign(answer.redirect);
      return;
    }
    setServerErrors(answer.errors ?? []);
    setMessage(answer.errors ? null : loginMessage(answer));
    setData({ username: values.username });
  }

  return (
    <section className="card" aria-labelledby="login-title" data-screen="login">
      <h2 id="login-title" className="page-heading">{t('page.title.login')}</h2>
      {passwordChanged && !message ? <p role="status" className="notice-ok">{t('login.passwordChanged')}</p> : null}
      {message ? <p role="alert" className="form-alert">{t(message.key, message.params)}</p> : null}
      {variant.panelUrl ? (
        <section className="notice universal-profile" aria-labelledby="universal-profile-title">
          <h3 id="universal-profile-title">{t('login.universalProfile.title')}</h3>
          <p>{t('login.universalProfile.text')}</p>
          <a className="button button-primary" href={variant.panelUrl}>{t('login.universalProfile.continue')}</a>
        </section>
      ) : null}
      {variant.hideLoginForm ? null : (
        <SchemaForm
          idPrefix="login"
          form={form}
          formData={data}
          onChange={setData}
          onSubmit={(values) => void submit(values)}
          serverErrors={serverErrors}
          disabled={busy}
          submitLabelKey="login.submit"
        />
      )}
      <ul className="link-list">
        {org.enabledSSO ? <li><Link to={`sso${keep}`}>{t('login.sso.link')}</Link></li> : null}
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
      </ul>
    </section>
  );
}
