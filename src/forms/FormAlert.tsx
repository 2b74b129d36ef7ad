import { useTranslation } from 'react-i18next';
import type { FailureMessage } from './useSubmission.ts';

/** A refused submit's message above the form (§8), read out as an alert; nothing without one. */
export function FormAlert({ message }: { message: FailureMessage | null }) {
  const { t } = useTranslation();
  if (!message) return null;
  const fallback = message.fallbackKey ? { defaultValue: t(message.fallbackKey) } : {};
  return <p role="alert" className="form-alert">{t(message.key, { ...message.params, ...fallback })}</p>;
}
