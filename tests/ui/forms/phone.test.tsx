/**
 * The phone widget (§4/§5): country select + number formatted as it is typed + the 'use as is'
 * checkbox, shown only when the field has a message or the bypass is on, forced and locked for the
 * regions PN, UM, AN, CS, AQ; TTY/TDD only in the US and Canada. Value `{ value, countryCode, noValidate }`.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../public/i18n/en_US.json' with { type: 'json' };
import type { ContactPathType } from '../../../schemas/entities.ts';
import type { BuiltForm } from '../../../schemas/forms/types.ts';
import { formI18n } from './formI18n.ts';
import { renderForm } from './renderForm.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await formI18n();
});

const phoneForm = (pathType: ContactPathType = 'PHONE', mandatory = true): BuiltForm => ({
  schema: {
    type: 'object',
    properties: {
      mobile: {
        type: 'object',
        title: 'test.phone',
        properties: { value: { type: 'string' }, countryCode: { type: 'string' }, noValidate: { type: 'boolean' } },
        default: { value: '', countryCode: 'US', noValidate: false },
        phoneNumber: { mandatory, pathType },
      },
    },
  },
  uiSchema: { mobile: { 'ui:widget': 'phone' } },
});

const number = () => screen.getByRole('textbox', { name: 'Mobile phone' }) as HTMLInputElement;
const country = () => screen.getByRole('combobox', { name: 'Country code' }) as HTMLSelectElement;
const useAsIs = () => screen.queryByRole('checkbox', { name: 'Use as is' }) as HTMLInputElement | null;

describe('phone widget', () => {
  it('shows its label to sighted users too, so two phone fields can be told apart', () => {
    renderForm(i18n, phoneForm());
    const label = document.querySelector('label[for="root/mobile"]');
    expect(label?.textContent).toContain('Mobile phone');
    expect(label?.className).toBe('field-label');
  });

  it('formats the number for the selected country as it is typed', async () => {
    const user = userEvent.setup();
    renderForm(i18n, phoneForm());
    expect(country().value).toBe('US');
    expect(country().selectedOptions[0]!.textContent).toBe('United States (+1)');
    await user.type(number(), '2015550123');
    expect(number().value).toBe('(201) 555-0123');
  });

  it('lets the member delete formatting characters without putting them back', async () => {
    const user = userEvent.setup();
    renderForm(i18n, phoneForm());
    await user.type(number(), '201555');
    expect(number().value).toBe('(201) 555');
    await user.type(number(), '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(number().value).toBe('(201');
    await user.type(number(), '5');
    expect(number().value).toBe('(201) 5');
  });

  it('shows the "use as is" checkbox only once the field has a message, then validates the bypassed number by length (4–20 digits)', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, phoneForm());
    expect(useAsIs()).toBeNull();
    await user.type(number(), '12');
    expect(useAsIs()).toBeNull();
    await user.tab();
    expect(number().getAttribute('aria-invalid')).toBe('true');
    const describedBy = number().getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe(en['ssp.checked.phoneNum']);
    await user.click(useAsIs()!);
    expect(useAsIs()!.checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([]);
    expect(document.getElementById(number().getAttribute('aria-describedby')!)?.textContent).toBe('Mobile phone must have 4 to 20 digits.');
    // Taken as is: no formatting while it is on.
    await user.clear(number());
    await user.type(number(), '1234-56');
    expect(number().value).toBe('1234-56');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([{ mobile: { value: '1234-56', countryCode: 'US', noValidate: true } }]);
  });

  it('keeps the checkbox while the bypass is on, even without a message', () => {
    renderForm(i18n, phoneForm(), { formData: { mobile: { value: '999', countryCode: 'GB', noValidate: true } } });
    expect(useAsIs()!.checked).toBe(true);
    expect(useAsIs()!.disabled).toBe(false);
  });

  it.each(['PN', 'UM', 'AN', 'CS', 'AQ'])('forces "use as is" on, checked and disabled, for %s (§4)', async (region) => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, phoneForm());
    await user.selectOptions(country(), region);
    const box = useAsIs()!;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    await user.type(number(), '123456');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([{ mobile: { value: '123456', countryCode: region, noValidate: true } }]);
  });

  it('offers only the US and Canada for a TTY/TDD path (§5)', () => {
    renderForm(i18n, phoneForm('TTYTDD'));
    expect(within(country()).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['CA', 'US']);
  });

  it('marks a mandatory phone (its phoneNumber rule) as required', () => {
    renderForm(i18n, phoneForm('PHONE', true));
    expect(number().required).toBe(true);
    expect(document.querySelector(`label[for="${number().id}"]`)?.textContent).toBe('Mobile phone*');
  });

  it('is text in review mode', () => {
    renderForm(i18n, phoneForm(), { review: true, formData: { mobile: { value: '(201) 555-0123', countryCode: 'US', noValidate: false } } });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('US (201) 555-0123')).toBeInstanceOf(HTMLElement);
  });
});
