import { useMemo, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buildForgotPasswordSchema } from '../../../schemas/forms/buildForgotPasswordSchema.ts';
import { SECURITY_QUESTIONS } from '../../../schemas/forms/commonFields.ts';
import type { BuiltForm, FieldError, UiField } from '../../../schemas/forms/types.ts';
import { api } from '../../api/client.ts';
import { paths } from '../../api/paths.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { pointerOfId } from '../../forms/pointers.ts';
import { SchemaForm } from '../../forms/index.ts';

/** §9 "forgot-password throttle 500 ms": a submit this soon after the previous one is ignored. */
export const FORGOT_PASSWORD_THROTTLE_MS = 500;
/** §7/§9 "version=201911" on validateForgetPassword and sendEmail. */
const VERSION = '201911';
const ID_PREFIX = 'forgot-password';

interface ForgotPasswordData {
  username?: string;
  email?: string;
  securityAnswer?: string;
}

/** §9 "Forgot-password security questions: 11 known keys, random one if none returned". */
function knownQuestion(question: unknown): string {
  if (typeof question === 'string' && (SECURITY_QUESTIONS as readonly string[]).includes(question)) return question;
  return SECURITY_QUESTIONS[Math.floor(Math.random() * SECURITY_QUESTIONS.length)]!;
}

/** The builder's form with the question (a message key) shown above the answer field. */
function withQuestion(form: BuiltForm, question: string | null): BuiltForm {
  if (!question) return form;
  const answerUi = (form.uiSchema.securityAnswer ?? {}) as UiField;
  return { ...form, uiSchema: { ...form.uiSchema, securityAnswer: { ...answerUi, 'ui:description': `securityQuestion.${question}` } } };
}

/**
 * §2 forgot-password: the forgot-password builder's form. Leaving the username field asks the
 * server for the account's security question (`getQuestion`; a stranger gets a stable made-up one)
 * and shows it above the answer. §4 "Forgot password: form until submitted, then a generic success
 * notice whatever the outcome": only malformed input (400 with field errors) keeps the form; whether
 * the details matched an account is never shown.
 */
export default function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const { boot, flags } = useOrg();
  const orgId = boot.orgId;
  const built = useMemo(() => buildForgotPasswordSchema(boot.organization, { featureFlags: flags }, 'signup'), [boot.organization, flags]);
  const [question, setQuestion] = useState<string | null>(null);
  const form = useMemo(() => withQuestion(built, question), [built, question]);
  const [data, setData] = useState<ForgotPasswordData>({});
  const [sent, setSent] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lastSubmit = useRef(Number.NEGATIVE_INFINITY);
  const askedFor = useRef<string | null>(null);
  const questionCall = useRef<AbortController | null>(null);

  async function askQuestion(loginId: string) {
    if (loginId === askedFor.current) return;
    askedFor.current = loginId;
    questionCall.current?.abort();
    const controller = new AbortController();
    questionCall.current = controller;
    const result = await api.post<{ question?: string }>(paths.forgotPasswordQuestion(orgId), { form: { loginId }, signal: controller.signal });
    if (result.isCanceled) return;
    setQuestion(knownQuestion(result.hasError ? null : result.data?.question));
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (pointerOfId(ID_PREFIX, event.target.id) !== '/username') return;
    const loginId = (event.target as HTMLInputElement).value.trim();
    if (loginId) void askQuestion(loginId);
  }

  async function submit(values: ForgotPasswordData) {
    const now = Date.now();
    if (now - lastSubmit.current < FORGOT_PASSWORD_THROTTLE_MS) return;
    lastSubmit.current = now;
    setBusy(true);
    setFailure(null);
    const result = await api.post<{ status?: string; errorCode?: string; errors?: FieldError[] }>(paths.forgotPasswordSendEmail(orgId), {
      form: { email: values.email ?? '', loginId: values.username ?? '', securityAnswer: values.securityAnswer ?? '', version: VERSION },
    });
    setBusy(false);
    if (!result.hasError) {
      setSent(true);
      return;
    }
    setData(values);
    const errors = result.data?.errors ?? [];
    setServerErrors(errors);
    // Not an answer about the account (the server answers 200 whatever matched): the call itself failed.
    setFailure(errors.length > 0 ? null : result.data?.errorCode ?? 'ssp.forgotPassword.send.error');
  }

  return (
    <section className="card" aria-labelledby="forgot-password-title" data-screen="forgotPassword">
      <h2 id="forgot-password-title" className="page-heading">{t('page.title.forgotPassword')}</h2>
      {sent ? (
        <p role="status" className="notice-ok">{t('ssp.forgotPassword.send.success')}</p>
      ) : (
        <>
          <p>{t('forgotPassword.intro')}</p>
          {failure ? (
            <p role="alert" className="form-alert">{t(failure, { defaultValue: t('ssp.forgotPassword.send.error') })}</p>
          ) : null}
          <div onBlur={onBlur}>
            <SchemaForm
              idPrefix={ID_PREFIX}
              form={form}
              formData={data}
              onChange={setData}
              onSubmit={(values) => void submit(values)}
              serverErrors={serverErrors}
              disabled={busy}
              submitLabelKey="forgotPassword.submit"
            />
          </div>
        </>
      )}
      <p><Link to="../login" relative="path">{t('forgotPassword.backToLogin')}</Link></p>
    </section>
  );
}
