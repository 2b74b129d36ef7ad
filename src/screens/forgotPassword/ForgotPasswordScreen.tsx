import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buildForgotPasswordSchema } from '../../../schemas/forms/buildForgotPasswordSchema.ts';
import { sendResetEmail } from '../../api/forgotPassword.ts';
import { done, FormAlert, refused, SchemaForm, useBuiltForm, useSubmission } from '../../forms/index.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { useSecurityQuestion } from './useSecurityQuestion.ts';
import { PageHeading } from '../../components/PageHeading.tsx';

/** §9 "forgot-password throttle 500 ms": a submit this soon after the previous one is ignored. */
export const FORGOT_PASSWORD_THROTTLE_MS = 500;
/** §7/§9 "version=201911" on validateForgetPassword and sendEmail. */
const VERSION = '201911';

interface ForgotPasswordData {
  username?: string;
  email?: string;
  securityAnswer?: string;
}

/**
 * §2 forgot-password: the forgot-password builder's form, the account's security question shown once
 * the username is left (useSecurityQuestion.ts). §4 "Forgot password: form until submitted, then a
 * generic success notice whatever the outcome": only malformed input (400 with field errors) or a
 * failed call keeps the form; whether the details matched an account is never shown.
 */
export default function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const { boot, flags } = useOrg();
  const orgId = boot.orgId;
  const { form: built, validator } = useBuiltForm(orgId, boot.organization, 'forgotPassword', buildForgotPasswordSchema, { featureFlags: flags }, 'signup');
  const question = useSecurityQuestion(orgId, built);
  const [sent, setSent] = useState(false);
  const lastSubmit = useRef(Number.NEGATIVE_INFINITY);
  const submission = useSubmission<ForgotPasswordData>({}, async (values) => {
    const result = await sendResetEmail(orgId, { email: values.email ?? '', loginId: values.username ?? '', securityAnswer: values.securityAnswer ?? '', version: VERSION });
    if (!result.hasError) {
      setSent(true);
      return done();
    }
    // Not an answer about the account (the server answers 200 whatever matched): the call itself failed.
    return refused(result.data, { fallbackKey: 'ssp.forgotPassword.send.error' });
  });
  const submitUnlessThrottled = (values: ForgotPasswordData) => {
    const now = Date.now();
    if (now - lastSubmit.current < FORGOT_PASSWORD_THROTTLE_MS) return;
    lastSubmit.current = now;
    void submission.submit(values);
  };

  return (
    <section className="card card-narrow" aria-labelledby="forgot-password-title" data-screen="forgotPassword">
      <PageHeading id="forgot-password-title">{t('page.title.forgotPassword')}</PageHeading>
      {sent ? (
        <p role="status" className="notice-ok">{t('ssp.forgotPassword.send.success')}</p>
      ) : (
        <>
          <p>{t('forgotPassword.intro')}</p>
          <FormAlert message={submission.message} />
          <SchemaForm
            idPrefix="forgot-password"
            form={question.form}
            validator={validator}
            {...submission.form}
            onSubmit={submitUnlessThrottled}
            onFieldBlur={(pointer, value) => pointer === '/username' && typeof value === 'string' && question.ask(value)}
            submitLabelKey="forgotPassword.submit"
          />
        </>
      )}
      <p><Link to="../login" relative="path">{t('forgotPassword.backToLogin')}</Link></p>
    </section>
  );
}
