import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buildResetPasswordSchema } from '../../../schemas/forms/buildResetPasswordSchema.ts';
import { readCookie, writeOrgCookie } from '../../api/client.ts';
import { resetLinkAccount, resetPassword } from '../../api/forgotPassword.ts';
import { requestPasswordChange, type ChangePasswordData } from '../../components/ChangePasswordForm.tsx';
import { done, FormAlert, refused, SchemaForm, useBuiltForm, useSubmission } from '../../forms/index.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';

/** Where the login screen keeps the username of an expired password (§4), for the change call's loginId (same key there). */
const EXPIRED_LOGIN_ID_KEY = 'ssp.expired.loginId';
/** …and the proof of that login (its answer's expiredToken), which the change must carry. */
const EXPIRED_TOKEN_KEY = 'ssp.expired.token';

/** What the login screen is told after an expired password was changed: it shows 'login.passwordChanged'. */
export interface LoginNotice {
  passwordChanged?: boolean;
}

/**
 * §2 reset-password, in its two modes (§4):
 * - after forgot-password (`?token=` from the mailed link): the reset-password builder's form →
 *   `POST /{orgId}/forgotPassword`; "Reset after forgot: success hides form" and links to login; an
 *   unknown, used or expired link says so and links to forgot-password;
 * - expired password (login answered status -1 and set p_expired = Y): the same builder with the
 *   current password → `POST /{orgId}/changePassword`; "success sets N and goes to login".
 * Without a token and outside expired mode there is nothing to reset: the page says where to go.
 */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const { boot, flags } = useOrg();
  const orgId = boot.orgId;
  const orgPath = `/${encodeURIComponent(orgId)}`;
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const expired = !token && readCookie('p_expired') === 'Y';
  // The builder draws the same form in every mode; 'signup' is the one the server lists for it.
  const { form, validator } = useBuiltForm(orgId, boot.organization, 'resetPassword', buildResetPasswordSchema, { featureFlags: flags, expiredPassword: expired }, 'signup');
  const [outcome, setOutcome] = useState<'form' | 'reset' | 'linkInvalid'>('form');
  // A link is checked when the page opens (issue 11): a used or expired one says so before anything
  // is typed, and a usable one names the account whose password it resets.
  const [account, setAccount] = useState<{ token: string; username: string | null } | null>(null);
  useEffect(() => {
    if (!token || expired) return;
    const controller = new AbortController();
    void resetLinkAccount(orgId, token, controller.signal).then((result) => {
      if (result.isCanceled) return;
      if (!result.hasError && result.data?.username) setAccount({ token, username: result.data.username });
      else if (result.status === 400) setOutcome('linkInvalid');
      // Any other failure (offline, 5xx): the form is shown; the reset itself checks the link again.
      else setAccount({ token, username: null });
    });
    return () => controller.abort();
  }, [orgId, token, expired]);
  const checking = Boolean(token) && !expired && account?.token !== token && outcome === 'form';
  const submission = useSubmission<ChangePasswordData>({}, async (values) => {
    if (expired) {
      const loginId = sessionStorage.getItem(EXPIRED_LOGIN_ID_KEY) ?? '';
      return requestPasswordChange(orgId, loginId, values, () => {
        writeOrgCookie(orgId, 'p_expired', 'N');
        sessionStorage.removeItem(EXPIRED_LOGIN_ID_KEY);
        sessionStorage.removeItem(EXPIRED_TOKEN_KEY);
        navigate(`${orgPath}/login`, { state: { passwordChanged: true } satisfies LoginNotice });
      }, sessionStorage.getItem(EXPIRED_TOKEN_KEY) ?? '');
    }
    const result = await resetPassword(orgId, { token: token ?? '', password: values.newPassword ?? '', confirmPassword: values.confirmPassword ?? '' });
    const answer = result.data ?? {};
    if (!result.hasError && answer.status === '1') setOutcome('reset');
    else if (answer.errorCode === 'ssp.resetPassword.link.invalid') setOutcome('linkInvalid');
    else return refused(answer, { fallbackKey: 'ssp.resetPassword.failed' });
    return done();
  });

  const forgotPasswordLink = <p><Link to={`${orgPath}/forgot-password`}>{t('resetPassword.forgotPassword.link')}</Link></p>;
  return (
    <section className="card card-narrow" aria-labelledby="reset-password-title" data-screen="resetPassword">
      <PageHeading id="reset-password-title">{t('page.title.resetPassword')}</PageHeading>
      {!token && !expired ? (
        <><p className="notice">{t('resetPassword.noToken')}</p>{forgotPasswordLink}</>
      ) : outcome === 'reset' ? (
        <div role="status" className="notice-ok">
          <p>{t('ssp.resetPassword.success')}</p>
          <p><Link to={`${orgPath}/login`}>{t('resetPassword.login.link')}</Link></p>
        </div>
      ) : checking ? (
        <LoadingBar />
      ) : outcome === 'linkInvalid' ? (
        <div role="alert" className="form-alert"><p>{t('ssp.resetPassword.link.invalid')}</p>{forgotPasswordLink}</div>
      ) : (
        <>
          <p>{t(expired ? 'resetPassword.expired.intro' : 'resetPassword.intro')}</p>
          {account?.username ? <p>{t('resetPassword.forAccount', { username: account.username })}</p> : null}
          <FormAlert message={submission.message} />
          <SchemaForm idPrefix="reset-password" form={form} validator={validator} {...submission.form} submitLabelKey="resetPassword.submit" />
        </>
      )}
    </section>
  );
}
