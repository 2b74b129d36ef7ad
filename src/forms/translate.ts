import type { TFunction } from 'i18next';
import type { FieldError } from '../../schemas/forms/types.ts';
import { PASSWORD_POLICIES, type PasswordPolicy, type PasswordRule } from '../../schemas/rules/passwordPolicy.ts';
import { withPluralCount } from '../i18n/withPluralCount.ts';
import { missingRulesText } from './passwordRuleText.ts';

const isPolicy = (value: unknown): value is PasswordPolicy => PASSWORD_POLICIES.includes(value as PasswordPolicy);

/**
 * One field error in the reader's language: `t(key, { ...params, label: t(params.label) })`
 * (the label is itself a message key, STYLE.md principle 7). A refused password (the passwordPolicy
 * keyword's `policy` and `unmet`) also says which rules it does not meet yet.
 */
export function translateFieldError(t: TFunction, error: FieldError): string {
  const label = typeof error.params.label === 'string' ? t(error.params.label) : undefined;
  const text = t(error.key, withPluralCount({ ...error.params, label }));
  const { policy, unmet } = error.params;
  const missing = isPolicy(policy) && Array.isArray(unmet) ? missingRulesText(t, unmet as PasswordRule[], policy) : null;
  return missing ? `${text} ${missing}` : text;
}

/** A field's label: a message key, translated, unless `ui:options.titleIsText` says it is the text itself. */
export function translateLabel(t: TFunction, label: string | undefined, options?: object): string {
  if (!label) return '';
  return (options as { titleIsText?: unknown } | undefined)?.titleIsText ? label : t(label);
}

/** An option's label (enum names, oneOf titles): translated unless `ui:options.enumIsText`. */
export function translateOption(t: TFunction, label: string, options?: object): string {
  return (options as { enumIsText?: unknown } | undefined)?.enumIsText ? label : t(label);
}
