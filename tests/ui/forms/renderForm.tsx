/** Renders a SchemaForm under a test i18next, and keeps what it submitted and reported. */
import { render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { BuiltForm } from '../../../schemas/forms/types.ts';
import { SchemaForm, type SchemaFormProps } from '../../../src/forms/SchemaForm.tsx';
import { compiledFormValidator } from '../../support/compiledValidator.ts';

export interface Rendered {
  submitted: unknown[];
  changes: unknown[];
  rerender: (props?: Partial<SchemaFormProps<Record<string, unknown>>>) => void;
}

export function renderForm(
  i18n: I18n,
  form: BuiltForm,
  props: Partial<SchemaFormProps<Record<string, unknown>>> = {},
): Rendered {
  const submitted: unknown[] = [];
  const changes: unknown[] = [];
  const element = (extra: Partial<SchemaFormProps<Record<string, unknown>>>) => (
    <I18nextProvider i18n={i18n}>
      <SchemaForm<Record<string, unknown>>
        form={form}
        validator={compiledFormValidator((extra.form ?? props.form ?? form).schema)}
        formData={{}}
        submitLabelKey="test.form.submit"
        onSubmit={(data) => submitted.push(data)}
        onChange={(data) => changes.push(data)}
        {...props}
        {...extra}
      />
    </I18nextProvider>
  );
  const result = render(element({}));
  return { submitted, changes, rerender: (extra = {}) => result.rerender(element(extra)) };
}
