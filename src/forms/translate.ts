import type { TFunction } from 'i18next';
import type { FieldError } from '../../schemas/forms/types.ts';

/**
 * One field error in the reader's language: `t(key, { ...params, label: t(params.label) })`
 * (the label is itself a message key, STYLE.md principle 7).
 */
export function translateFieldError(t: TFunction, error: FieldError): string {
  const label = typeof error.params.label === 'string' ? t(error.params.label) : undefined;
  return t(error.key, { ...error.params, label });
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
