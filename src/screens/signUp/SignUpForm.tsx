import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuiltForm, FieldError } from '../../../schemas/forms/types.ts';
import type { SignUpFormData } from '../../../schemas/signUp/formData.ts';
import { api, navigation, setCsrfToken, type ApiResult } from '../../api/client.ts';
import { paths } from '../../api/paths.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { SchemaForm } from '../../forms/index.ts';
import type { AsyncCheck } from '../../forms/index.ts';
import { signUpFailure, type SignUpAnswer } from './signUpFailure.ts';

interface SignUpFormProps {
  /** The sign-up builder's form for the page's variant. */
  form: BuiltForm;
  initialData: SignUpFormData;
  /** Sends the (trimmed, browser-valid) form data: signUp or register (§7). */
  send: (data: SignUpFormData) => Promise<ApiResult<unknown>>;
  /** Runs once the account exists and the session is signed in, before the page is left. */
  onSignedIn?: () => void;
}

/**
 * The sign-up form of both sign-up pages (§2 sections, from the builder; the create button waits for
 * the terms box, the builder's submitNeeds) and what happens with the answer (§4 Sign-up success):
 * on 200 the rotated session's CSRF token is kept and the browser loads the member's home anew, so
 * the boot reads the new account (the sign-up steps of §2 come with a later issue); a refusal shows
 * its field errors inline and anything else as a message above the create button.
 */
export function SignUpForm({ form, initialData, send, onSignedIn }: SignUpFormProps) {
  const { t, i18n } = useTranslation();
  const { boot } = useOrg();
  const orgId = boot.orgId;
  const [data, setData] = useState<SignUpFormData>(initialData);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // §5 username "unused ('ssp.login.username.exist'); availability checked by server only when at
  // least 4 chars and valid" (the widget asks only then); the answer is true when the name is free.
  const usernameFree: AsyncCheck = useCallback(async (value, signal) => {
    const result = await api.get<boolean>(paths.checkUsername(orgId), { query: { username: value }, signal });
    if (result.isCanceled || result.hasError) throw new Error('not checked');
    return result.data === true ? true : 'ssp.login.username.exist';
  }, [orgId]);
  const asyncChecks = useMemo(() => ({ username: usernameFree }), [usernameFree]);

  async function submit(values: SignUpFormData) {
    setBusy(true);
    setFailure(null);
    const result = await send(values);
    if (!result.hasError && !result.isCanceled && result.status >= 200 && result.status < 300) {
      const answer = (result.data ?? {}) as SignUpAnswer;
      if (typeof answer.CSRF_TOKEN_FOR_SESSION === 'string') setCsrfToken(answer.CSRF_TOKEN_FOR_SESSION);
      onSignedIn?.();
      // The form stays disabled: the page is being left.
      navigation.assign(`/${encodeURIComponent(orgId)}/home`);
      return;
    }
    const refused = signUpFailure(result.data, (key) => i18n.exists(key));
    setBusy(false);
    setData(values);
    setServerErrors(refused.errors);
    setFailure(refused.messageKey);
  }

  return (
    <SchemaForm<SignUpFormData>
      idPrefix="signup"
      form={form}
      formData={data}
      onChange={setData}
      onSubmit={(values) => void submit(values)}
      serverErrors={serverErrors}
      asyncChecks={asyncChecks}
      disabled={busy}
      submitLabelKey="signup.create.button"
      // §4 "Failure message shows above the create button".
      aboveSubmit={failure ? <p role="alert" className="form-alert">{t(failure)}</p> : null}
    />
  );
}
