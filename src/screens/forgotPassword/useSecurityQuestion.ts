import { useMemo, useRef, useState } from 'react';
import { SECURITY_QUESTIONS } from '../../../schemas/forms/commonFields.ts';
import type { BuiltForm, UiField } from '../../../schemas/forms/types.ts';
import { getSecurityQuestion } from '../../api/forgotPassword.ts';

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
 * §2 forgot-password: `ask(loginId)` (on leaving the username) asks the server for the account's
 * security question (`getQuestion`; a stranger gets a stable made-up one), and `form` shows it above
 * the answer. Asking again about the same name does nothing; a newer question cancels an older call.
 */
export function useSecurityQuestion(orgId: string, built: BuiltForm): { form: BuiltForm; ask: (loginId: string) => void } {
  const [question, setQuestion] = useState<string | null>(null);
  const form = useMemo(() => withQuestion(built, question), [built, question]);
  const askedFor = useRef<string | null>(null);
  const call = useRef<AbortController | null>(null);

  async function ask(loginId: string) {
    if (!loginId || loginId === askedFor.current) return;
    askedFor.current = loginId;
    call.current?.abort();
    const controller = new AbortController();
    call.current = controller;
    const result = await getSecurityQuestion(orgId, loginId, controller.signal);
    if (result.isCanceled) return;
    setQuestion(knownQuestion(result.hasError ? null : result.data?.question));
  }

  return { form, ask: (loginId) => void ask(loginId) };
}
