import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buildForgotUsernameSchema } from '../../../schemas/forms/buildForgotUsernameSchema.ts';
import { sendUsernameEmail, validateEmail } from '../../api/forgotUsername.ts';
import { done, FormAlert, refused, SchemaForm, useBuiltForm, useSubmission } from '../../forms/index.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';

/**
 * §2 forgot-username: the forgot-username builder's form; the address is checked as the member
 * leaves the field (§9 e-mail debounce 300 ms, §5 "known"); on status 1, 2 or 3 the form is replaced
 * by the success text (§4), with the single sign-on variant for status 3. Not sent: too many unknown
 * addresses (429) says so, any other failure says the mail could not be sent.
 */
export default function ForgotUsernameScreen() {
  const { t } = useTranslation();
  const { boot, flags } = useOrg();
  const orgId = boot.orgId;
  const { form, validator } = useBuiltForm(orgId, boot.organization, 'forgotUsername', buildForgotUsernameSchema, { featureFlags: flags }, 'signup');
  const [status, setStatus] = useState<number | null>(null);
  const knownEmail = useCallback(async (value: string, signal: AbortSignal) => {
    const result = await validateEmail(orgId, value, signal);
    if (result.isCanceled || result.hasError) throw new Error('not checked');
    return result.data === true;
  }, [orgId]);
  const asyncChecks = useMemo(() => ({ knownEmail }), [knownEmail]);
  const submission = useSubmission<{ email?: string }>({}, async (values) => {
    const result = await sendUsernameEmail(orgId, values.email ?? '');
    const sent = result.data?.status;
    if (!result.hasError && (sent === 1 || sent === 2 || sent === 3)) {
      setStatus(sent);
      return done();
    }
    return refused(result.data, { fallbackKey: 'ssp.forgotUsername.send.error', isKnown: (key) => key === 'forgotUsername.throttled' });
  });

  return (
    <section className="card card-narrow" aria-labelledby="forgot-username-title">
      <PageHeading id="forgot-username-title">{t('page.title.forgotUsername')}</PageHeading>
      {status ? (
        <div role="status" className="notice-ok">
          <p>{t(status === 3 ? 'ssp.forgotUsername.send.success.sso' : 'ssp.forgotUsername.send.success')}</p>
          {status === 3 ? <p>{t('ssp.forgotUsername.send.note.sso')}</p> : null}
        </div>
      ) : (
        <>
          <p>{t('forgotUsername.intro')}</p>
          <FormAlert message={submission.message} />
          <SchemaForm idPrefix="forgot-username" form={form} validator={validator} {...submission.form} asyncChecks={asyncChecks} submitLabelKey="forgotUsername.submit" />
        </>
      )}
      <p><Link to="../login" relative="path">{t('forgotUsername.backToLogin')}</Link></p>
    </section>
  );
}
