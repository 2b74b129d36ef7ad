import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { buildResetPasswordSchema } from '../../../schemas/forms/buildResetPasswordSchema.ts';
import type { FieldError } from '../../../schemas/forms/types.ts';
import { api, navigation, readCookie, writeOrgCookie } from '../../api/client.ts';
import { paths } from '../../api/paths.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { requestPasswordChange, type ChangePasswordData } from '../../components/ChangePasswordForm.tsx';
import { SchemaForm } from '../../forms/index.ts';

/** Where the login screen keeps the username of an expired password (§4), for the change call's loginId (same key there). */
const EXPIRED_LOGIN_ID_KEY = 'ssp.expired.loginId';

/** What the login screen is told after an expired password was changed: it shows 'login.passwordChanged'. */
export interface LoginNotice {
  passwordChanged?: boolean;
}

type Outcome = 'form' | 'reset' | 'linkInvalid';

/** §7 `POST /{orgId}/forgotPassword` answer. */
interface ResetAnswer {
  status?: string;
  errorCode?: string;
  errors?: FieldError[];
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
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const expired = !token && readCookie('p_expired') === 'Y';
  const form = useMemo(
    () => buildResetPasswordSchema(boot.organization, { featureFlags: flags, expiredPassword: expired }, 'edit'),
    [boot.organization, flags, expired],
  );
  const [data, setData] = useState<ChangePasswordData>({});
  const [outcome, setOutcome] = useState<Outcome>('form');
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [messageKey, setMessageKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const orgPath = `/${encodeURIComponent(orgId)}`;

  async function reset(values: ChangePasswordData) {
    const result = await api.post<ResetAnswer | null>(paths.forgotPassword(orgId), {
      form: { token: token ?? '', password: values.newPassword ?? '', confirmPassword: values.confirmPassword ?? '' },
    });
    const answer = result.data ?? {};
    if (!result.hasError && answer.status === '1') return setOutcome('reset');
    if (answer.errorCode === 'ssp.resetPassword.link.invalid') return setOutcome('linkInvalid');
    const errors = answer.errors ?? [];
    setServerErrors(errors);
    setMessageKey(errors.length > 0 ? null : answer.errorCode ?? 'ssp.resetPassword.failed');
  }

  async function changeExpired(values: ChangePasswordData) {
    const change = await requestPasswordChange(orgId, sessionStorage.getItem(EXPIRED_LOGIN_ID_KEY) ?? '', values);
    if (change.kind === 'changed') {
      writeOrgCookie(orgId, 'p_expired', 'N');
      sessionStorage.removeItem(EXPIRED_LOGIN_ID_KEY);
      const notice: LoginNotice = { passwordChanged: true };
      navigate(`${orgPath}/login`, { state: notice });
      return;
    }
    if (change.kind === 'timeout') {
      navigation.assign(`${orgPath}/login`);
      return;
    }
    setServerErrors(change.errors);
    setMessageKey(change.messageKey);
  }

  async function submit(values: ChangePasswordData) {
    setBusy(true);
    setMessageKey(null);
    setData(values);
    await (expired ? changeExpired(values) : reset(values));
    setBusy(false);
  }

  const forgotPasswordLink = <Link to={`${orgPath}/forgot-password`}>{t('resetPassword.forgotPassword.link')}</Link>;
  const loginLink = <Link to={`${orgPath}/login`}>{t('resetPassword.login.link')}</Link>;

  let body;
  if (!token && !expired) {
    body = (
      <>
        <p className="notice">{t('resetPassword.noToken')}</p>
        <p>{forgotPasswordLink}</p>
      </>
    );
  } else if (outcome === 'reset') {
    body = (
      <div role="status" className="notice-ok">
        <p>{t('ssp.resetPassword.success')}</p>
        <p>{loginLink}</p>
      </div>
    );
  } else if (outcome === 'linkInvalid') {
    body = (
      <div role="alert" className="form-alert">
        <p>{t('ssp.resetPassword.link.invalid')}</p>
        <p>{forgotPasswordLink}</p>
      </div>
    );
  } else {
    const fallback = expired ? 'ssp.password.change.failed' : 'ssp.resetPassword.failed';
    body = (
      <>
        <p>{t(expired ? 'resetPassword.expired.intro' : 'resetPassword.intro')}</p>
        {messageKey ? <p role="alert" className="form-alert">{t(messageKey, { defaultValue: t(fallback) })}</p> : null}
        <SchemaForm
          idPrefix="reset-password"
          form={form}
          formData={data}
          onChange={setData}
          onSubmit={(values) => void submit(values)}
          serverErrors={serverErrors}
          disabled={busy}
          submitLabelKey="resetPassword.submit"
        />
      </>
    );
  }

  return (
    <section className="card" aria-labelledby="reset-password-title" data-screen="resetPassword">
      <h2 id="reset-password-title" className="page-heading">{t('page.title.resetPassword')}</h2>
      {body}
    </section>
  );
}
