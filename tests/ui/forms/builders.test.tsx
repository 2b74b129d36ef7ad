/**
 * Every builder of schemas/forms/formBuilders.ts, in each of its modes, for every fixture organisation,
 * drawn by SchemaForm: it renders without rjsf's configuration errors, and a refused submit puts
 * each message at a field's own message element (nothing is shown where no field can be fixed).
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORM_BUILDERS, type FormName } from '../../../schemas/forms/formBuilders.ts';
import { formFixtures } from '../../fixtures/formFlags.ts';
import { formI18n } from './formI18n.ts';
import { renderForm } from './renderForm.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await formI18n();
});

const cases = formFixtures.flatMap((fixture) =>
  (Object.keys(FORM_BUILDERS) as FormName[]).flatMap((name) =>
    FORM_BUILDERS[name].modes.map((mode) => ({ fixture, name, mode }))));

describe('every builder drawn by SchemaForm', () => {
  it.each(cases.map((c) => [`${c.fixture.id} ${c.name} ${c.mode}`, c] as const))('%s', (_, { fixture, name, mode }) => {
    const form = FORM_BUILDERS[name].build(fixture.settings, fixture.flags, mode);
    renderForm(i18n, form, { review: mode === 'review' });
    expect(document.querySelector('form.rjsf')).not.toBeNull();
    // rjsf's own complaint about a schema it cannot draw (e.g. a ui:order that misses a property).
    expect(document.querySelector('.rjsf-config-error')?.textContent ?? null).toBeNull();
    if (mode !== 'review') {
      const submit = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
      if (!submit.disabled) fireEvent.click(submit);
      for (const error of document.querySelectorAll('.field-error')) {
        expect(error.id, error.textContent ?? '').toMatch(/__error$/);
      }
    }
    cleanup();
  });
});
