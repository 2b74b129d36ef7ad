import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buildForgotUsernameSchema } from '../../../schemas/forms/buildForgotUsernameSchema.ts';
import type { FieldError } from '../../../schemas/forms/types.ts';
import { api } from '../../api/client.ts';
import { paths } from '../../api/paths.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { SchemaForm } from '../../forms/index.ts';

/**
 * §2 forgot-username: the forgot-username builder's form; the address is checked as the member
 * leaves the field (§9 e-mail debounce 300 ms, §5 "known"); on status 1, 2 or 3 the form is replaced
 * by the success text (§4), with the single sign-on variant for status 3.
 */
export default function ForgotUsernameScreen() {
  const { t } = useTranslation();
  const { boot, flags } = useOrg();
  const orgId = boot.orgId;
  const form = useMemo(() => buildForgotUsernameSchema(boot.organization, { featureFlags: flags }, 'signup'), [boot.organization, flags]);
  const [data, setData] = useState<{ email?: string }>({});
  const [status, setStatus] = useState<number | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const knownEmail = useCallback(async (value: string, signal: AbortSignal) => {
    const result = await api.get<boolean>(paths.forgotUsernameValidateEmail(orgId), { query: { email: value }, signal });
    if (result.isCanceled || result.hasError) throw new Error('not checked');
    return result.data === true;
  }, [orgId]);
  const asyncChecks = useMemo(() => ({ knownEmail }), [knownEmail]);

  async function submit(values: { email?: string }) {
    setBusy(true);
    setFailure(null);
    const result = await api.post<{ status?: number; errorCode?: string; errors?: FieldError[] }>(paths.forgotUsernameSendEmail(orgId), { form: { email: values.email ?? '' } });
    setBusy(false);
    if (!result.hasError && [1, 2, 3].includes(result.data.status ?? 0)) {
      setStatus(result.data.status!);
      return;
    }
    setServerErrors(result.data?.errors ?? []);
    // Refused with field messages, or not sent: too many unknown addresses (429), or the mail failed.
    setFailure(result.data?.errors ? null : result.data?.errorCode === 'forgotUsername.throttled' ? 'forgotUsername.throttled' : 'ssp.forgotUsername.send.error');
  }

  return (
    <section className="card" aria-labelledby="forgot-username-title">
      <h2 id="forgot-username-title" className="page-heading">{t('page.title.forgotUsername')}</h2>
      {status ? (
        <div role="status" className="notice-ok">
          <p>{t(status === 3 ? 'ssp.forgotUsername.send.success.sso' : 'ssp.forgotUsername.send.success')}</p>
          {status === 3 ? <p>{t('ssp.forgotUsername.send.note.sso')}</p> : null}
        </div>
      ) : (
        <>
          <p>{t('forgotUsername.intro')}</p>
          {failure ? <p role="alert" className="form-alert">{t(failure)}</p> : null}
          <SchemaForm
            idPrefix="forgot-username"
            form={form}
            formData={data}
            onChange={setData}
            onSubmit={(values) => void submit(values)}
            serverErrors={serverErrors}
            asyncChecks={asyncChecks}
            disabled={busy}
            submitLabelKey="forgotUsername.submit"
          />
        </>
      )}
      <p><Link to="../login" relative="path">{t('forgotUsername.backToLogin')}</Link></p>
    </section>
  );
}
