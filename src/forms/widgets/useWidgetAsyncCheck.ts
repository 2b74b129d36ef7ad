import type { WidgetProps } from '@rjsf/utils';
import { useEffect } from 'react';
import { formContextOf } from '../formContext.ts';
import { pointerOfId } from '../pointers.ts';
import { useAsyncCheck, type AsyncCheck, type AsyncCheckState } from '../useAsyncCheck.ts';

const NEVER: AsyncCheck = async () => true;

/**
 * §5 async uniqueness check of a text field that names one in `ui:options.asyncCheck` (its message
 * key in `ui:options.asyncCheckMessage`): asked only when the value meets the field's own rules
 * (§5 username "checked by server only when at least 4 chars and valid"); a refusal becomes one of
 * the form's messages at the field and blocks the submit.
 */
export function useWidgetAsyncCheck({ id, schema, options, registry }: Pick<WidgetProps, 'id' | 'schema' | 'options' | 'registry'>): {
  state: AsyncCheckState;
  onValue: (value: string) => void;
} {
  const context = formContextOf(registry);
  const name = typeof options.asyncCheck === 'string' ? options.asyncCheck : null;
  const check = (name && context.asyncChecks[name]) || NEVER;
  const handle = useAsyncCheck(check);
  const pointer = pointerOfId(context.idPrefix, id);
  const messageKey = typeof options.asyncCheckMessage === 'string' ? options.asyncCheckMessage : 'jquery.validation.invalid';
  const { reportAsyncError } = context;
  const { state } = handle;

  useEffect(() => {
    if (!name || pointer === null) return;
    if (state.status === 'invalid') {
      reportAsyncError(pointer, { pointer, key: state.message || messageKey, params: schema.title ? { label: schema.title } : {} });
    } else {
      // A pending check is about a new value: the old refusal no longer applies, and the server
      // checks again on submit, so nothing stale blocks the form.
      reportAsyncError(pointer, null);
    }
  }, [name, pointer, state, messageKey, schema.title, reportAsyncError]);

  const { check: run, cancel } = handle;
  return {
    state,
    onValue: (value: string) => {
      if (!name) return;
      if (pointer === null || context.errorsWithin(pointer, value).length > 0) cancel();
      else run(value);
    },
  };
}
