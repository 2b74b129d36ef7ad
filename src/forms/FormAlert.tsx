import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { withPluralCount } from '../i18n/withPluralCount.ts';
import type { FailureMessage } from './useSubmission.ts';

/**
 * A refused submit's message above the form (§8), read out as an alert; nothing without one. Each new
 * message takes the focus (a refused sign-in says why where the member is); a new submit clears it
 * (useSubmission).
 */
export function FormAlert({ message }: { message: FailureMessage | null }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  const fallback = message.fallbackKey ? { defaultValue: t(message.fallbackKey) } : {};
  return <p ref={ref} tabIndex={-1} role="alert" className="form-alert">{t(message.key, withPluralCount({ ...message.params, ...fallback }))}</p>;
}
