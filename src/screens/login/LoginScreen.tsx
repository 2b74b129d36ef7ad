import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { buildLoginSchema } from '../../../schemas/forms/buildLoginSchema.ts';
import { loginPageVariant } from '../../../schemas/universalProfile.ts';
import { login, type LoginReply } from '../../api/accounts.ts';
import { navigation, writeOrgCookie } from '../../api/client.ts';
import { done, FormAlert, SchemaForm, useBuiltForm, useSubmission, type FailureMessage } from '../../forms/index.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import type { LoginNotice } from '../resetPassword/ResetPasswordScreen.tsx';
import { FlashNotice } from '../../ui/FlashNotice.tsx';
import { LoginLinks, SingleSignOnAction, UniversalProfilePanel } from './LoginLinks.tsx';
import { PasskeySignIn } from './PasskeySignIn.tsx';
import { SsoErrorNotice } from './SsoErrorNotice.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';

/** The notices of a signed-out visitor's page (src/api/flash.ts). */
const AFTER_LEAVING = ['signedOut', 'accountDeleted'] as const;

/** The message above the form for a refused login (§8 Login: the server's errorCode, FedRAMP counts). */
function loginMessage(answer: LoginReply): FailureMessage {
  if (answer.remainCount !== undefined) return { key: 'ssp.request.account.error.fedRamp', params: { count: answer.remainCount } };
  if (answer.fedrampLockTime !== undefined) return { key: 'ssp.request.account.locked.fedRamp', params: { minutes: answer.fedrampLockTime } };
  return { key: answer.errorCode ?? 'login.failed' };
}

/**
 * §2 Login page: the login builder's form (§5 messages on blur and submit) and its links. Success goes
 * where the server says (a fresh page load, so the new session's account and CSRF token are read
 * anew); status "-1" (expired password, §4) sets the p_expired marker and goes to reset-password. A
 * refused login keeps the username only. With the public portal's flags (§2, §6) a panel offers to
 * continue at the universal profile, and the login form itself may be hidden.
 */
export default function LoginScreen() {
  const { t } = useTranslation();
  const { boot, flags } = useOrg();
  const [params] = useSearchParams();
  // Set by the expired-password form after the change (§4 "success sets N and goes to login").
  const passwordChanged = (useLocation().state as LoginNotice | null)?.passwordChanged === true;
  const { form, validator } = useBuiltForm(boot.orgId, boot.organization, 'login', buildLoginSchema, { featureFlags: flags }, 'signup');
  const accessKey = params.get('accessKey');
  const variant = loginPageVariant(boot.organization, flags, boot.orgId);
  const keep = accessKey ? `?accessKey=${encodeURIComponent(accessKey)}` : '';
  const sso = boot.organization.enabledSSO;
  // §8 SSO: a single sign-on that ended here instead of signing in (routes/account/sso).
  const ssoError = params.get('ssoError');
  const submission = useSubmission<{ username?: string; password?: string }>({}, async (values) => {
    const result = await login(boot.orgId, { username: values.username ?? '', password: values.password ?? '' });
    const answer = result.data ?? {};
    const redirect = !result.hasError && answer.redirect?.startsWith('/') ? answer.redirect : null;
    if (redirect && answer.status === '-1') {
      writeOrgCookie(boot.orgId, 'p_expired', 'Y');
      // The expired-password form sends them as loginId and expiredToken, the proof of this login
      // (src/screens/resetPassword, same keys).
      sessionStorage.setItem('ssp.expired.loginId', values.username ?? '');
      sessionStorage.setItem('ssp.expired.token', answer.expiredToken ?? '');
    }
    // Status '2' (issue 15): the password was right and the second step follows on its own page.
    if (redirect && (answer.status === '1' || answer.status === '-1' || answer.status === '2')) {
      navigation.assign(redirect);
      return done();
    }
    const data = { username: values.username };
    return answer.errors ? { kind: 'refused', errors: answer.errors, message: null, data } : { kind: 'refused', errors: [], message: loginMessage(answer), data };
  });

  return (
    <section className="card card-narrow" aria-labelledby="login-title" data-screen="login">
      <PageHeading id="login-title">{t('page.title.login')}</PageHeading>
      {passwordChanged && !submission.message ? <p role="status" className="notice-ok">{t('login.passwordChanged')}</p> : null}
      <FlashNotice kinds={AFTER_LEAVING} orgName={boot.organization.orgName} />
      <FormAlert message={submission.message} />
      {ssoError && !submission.message ? <SsoErrorNotice orgId={boot.orgId} code={ssoError} providerId={params.get('idp')} /> : null}
      {variant.panelUrl ? <UniversalProfilePanel url={variant.panelUrl} /> : null}
      {sso ? <SingleSignOnAction keep={keep} withPasswordForm={!variant.hideLoginForm} /> : null}
      {variant.hideLoginForm ? null : (
        <SchemaForm idPrefix="login" form={form} validator={validator} {...submission.form} submitLabelKey="login.submit" submitKind={sso ? 'secondary' : 'primary'} />
      )}
      {variant.hideLoginForm ? null : <PasskeySignIn orgId={boot.orgId} />}
      <LoginLinks variant={variant} keep={keep} />
    </section>
  );
}
