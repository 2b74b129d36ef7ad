/**
 * src/forms/widgets.ts and the simple widgets: the registry covers every widget name, the password
 * show/hide toggle (its name says what it does next, Space and Enter), selects with 'Please select...', the security
 * question (11 keys, question_eleven by default), time zones, the 27 languages, multi-select, terms.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_NAMES, type BuiltForm } from '../../../schemas/forms/types.ts';
import { LANGUAGES } from '../../../schemas/languages.ts';
import { WIDGET_LAYOUT, WIDGETS } from '../../../src/forms/widgets.ts';
import { formI18n } from './formI18n.ts';
import { renderForm } from './renderForm.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await formI18n();
});

const single = (property: BuiltForm['schema'], ui: BuiltForm['uiSchema'], required = false): BuiltForm => ({
  schema: { type: 'object', properties: { field: property }, ...(required ? { required: ['field'] } : {}) },
  uiSchema: { field: ui },
});

describe('the widget registry', () => {
  it('has exactly one widget and one layout for every name of WIDGET_NAMES', () => {
    expect(Object.keys(WIDGETS).sort()).toEqual([...WIDGET_NAMES].sort());
    expect(Object.keys(WIDGET_LAYOUT).sort()).toEqual([...WIDGET_NAMES].sort());
    for (const name of WIDGET_NAMES) expect(typeof WIDGETS[name], name).toBe('function');
  });
});

describe('password widget (§2 "password with show/hide")', () => {
  const form = single({ type: 'string', title: 'login.password.label' }, { 'ui:widget': 'password' });

  it('shows and hides the password with a toggle button that reads "Show password", then "Hide password"', async () => {
    const user = userEvent.setup();
    renderForm(i18n, form);
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input.type).toBe('password');
    // Its name says what it does; no aria-pressed besides (a changing name and a pressed state would contradict).
    expect(toggle.getAttribute('aria-pressed')).toBeNull();
    expect(toggle.getAttribute('aria-controls')).toBe(input.id);
    await user.click(toggle);
    expect(input.type).toBe('text');
    expect(toggle.textContent).toBe('Hide password');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBe(toggle);
    await user.click(toggle);
    expect(input.type).toBe('password');
    expect(toggle.textContent).toBe('Show password');
  });

  it('toggles from the keyboard: Tab to the button, then Space and Enter', async () => {
    const user = userEvent.setup();
    renderForm(i18n, form);
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    await user.tab();
    expect(document.activeElement).toBe(input);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show password' }));
    await user.keyboard(' ');
    expect(input.type).toBe('text');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Hide password' }));
    await user.keyboard('{Enter}');
    expect(input.type).toBe('password');
  });

  it('never shows the password in review mode', () => {
    renderForm(i18n, form, { review: true, formData: { field: 'Demo!Member2026' } });
    expect(screen.queryByText('Demo!Member2026')).toBeNull();
    expect(screen.getByText('••••••••')).toBeInstanceOf(HTMLElement);
  });
});

describe('select widgets', () => {
  it('offers "Please select..." then the translated choices; choosing it is choosing nothing (§5)', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, single(
      { type: 'string', title: 'test.firstName', oneOf: [{ const: 'a', title: 'form.review.yes' }, { const: 'b', title: 'form.review.no' }] },
      { 'ui:widget': 'select' },
      true,
    ));
    const select = screen.getByRole('combobox', { name: 'First name' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Please select...', 'Yes', 'No']);
    await user.selectOptions(select, 'b');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([{ field: 'b' }]);
  });

  it('gives back the enum\'s own value: a number for an integer enum (quiet-time hours)', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, single({ type: 'integer', title: 'test.firstName', enum: [0, 1, 22] }, { 'ui:widget': 'select' }, true));
    await user.selectOptions(screen.getByRole('combobox', { name: 'First name' }), '22');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([{ field: 22 }]);
  });

  it('security question: the 11 known keys, translated, question_eleven chosen by default (§9)', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, single({ type: 'string', title: 'test.firstName' }, { 'ui:widget': 'securityQuestion' }, true));
    const select = screen.getByRole('combobox', { name: 'First name' }) as HTMLSelectElement;
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => o.value)).toEqual([
      'question_one', 'question_two', 'question_three', 'question_four', 'question_five', 'question_six',
      'question_seven', 'question_eight', 'question_nine', 'question_ten', 'question_eleven',
    ]);
    expect(options[0]!.textContent).toBe('What was the name of your first pet?');
    expect(select.value).toBe('question_eleven');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([{ field: 'question_eleven' }]);
  });

  it('time zone: the zones of ui:options.timeZones by their display labels', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, single({ type: 'string', title: 'test.firstName' }, {
      'ui:widget': 'timeZone',
      'ui:options': { timeZones: [{ id: 'America/Chicago', displayLabel: '(GMT-06:00) Central Time' }, { id: 'Europe/Paris', displayLabel: '(GMT+01:00) Paris' }] },
    }));
    const select = screen.getByRole('combobox', { name: 'First name' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Please select...', '(GMT-06:00) Central Time', '(GMT+01:00) Paris']);
    await user.selectOptions(select, 'Europe/Paris');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([{ field: 'Europe/Paris' }]);
  });

  it('preferred language: the 27 languages of §9, each by its own name and in its own language', () => {
    renderForm(i18n, single({ type: 'string', title: 'test.firstName' }, { 'ui:widget': 'preferredLanguage' }));
    const options = within(screen.getByRole('combobox', { name: 'First name' })).getAllByRole('option').slice(1) as HTMLOptionElement[];
    expect(options.map((o) => o.value)).toEqual(LANGUAGES.map((l) => l.lang));
    expect(options.find((o) => o.value === 'ar_SA')?.textContent).toBe('العربية');
    expect(options.find((o) => o.value === 'ar_SA')?.getAttribute('lang')).toBe('ar-SA');
  });
});

describe('multiSelect, checkbox, terms, date', () => {
  it('multi-select: a group of checkboxes; §5 "required multi-select needs one choice"', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, single(
      { type: 'array', title: 'test.firstName', uniqueItems: true, minItems: 1, items: { type: 'string', enum: ['Red', 'Blue'] }, messages: { minItems: 'jquery.validation.field.required' } },
      { 'ui:widget': 'multiSelect', 'ui:options': { enumIsText: true } },
      true,
    ));
    const group = screen.getByRole('group', { name: 'First name' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(group).getByText('First name is required.')).toBeInstanceOf(HTMLElement);
    await user.click(within(group).getByRole('checkbox', { name: 'Blue' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Red' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([{ field: ['Red', 'Blue'] }]);
  });

  it('checkbox: its label follows it and names it; Space ticks it', async () => {
    const user = userEvent.setup();
    renderForm(i18n, single({ type: 'boolean', title: 'test.firstName' }, { 'ui:widget': 'checkbox' }));
    const box = screen.getByRole('checkbox', { name: 'First name' }) as HTMLInputElement;
    await user.tab();
    expect(document.activeElement).toBe(box);
    await user.keyboard(' ');
    expect(box.checked).toBe(true);
  });

  it('terms: a required box (const true), with a link to the terms when given', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, single(
      { type: 'boolean', title: 'test.firstName', const: true, messages: { const: 'jquery.validation.field.required' } },
      { 'ui:widget': 'terms', 'ui:options': { termsUrl: '/public/legal/terms.html' } },
      true,
    ));
    const link = screen.getByRole('link', { name: 'Read the terms of use (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/public/legal/terms.html');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const box = screen.getByRole('checkbox', { name: 'First name' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([]);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([{ field: true }]);
  });

  it('date: the browser\'s date input; §5 refuses a day that does not exist (\'jquery.validation.dateISO\')', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(
      i18n,
      single({ type: 'string', title: 'test.firstName', format: 'ssp-date', messages: { format: 'jquery.validation.dateISO' } }, { 'ui:widget': 'date' }),
      { formData: { field: '2023-02-30' } },
    );
    const input = screen.getByLabelText('First name') as HTMLInputElement;
    expect(input.type).toBe('date');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([]);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter a valid date (YYYY-MM-DD).')).toBeInstanceOf(HTMLElement);
  });
});

describe('select widget with ui:options.optionsFrom', () => {
  it('offers every country named in the member\'s language for optionsFrom: countries (§3 Address country)', () => {
    renderForm(i18n, single({ type: 'string', title: 'test.country', pattern: '^(?:[A-Z]{2})?$', default: 'US' }, { 'ui:widget': 'select', 'ui:options': { optionsFrom: 'countries' } }));
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    const values = [...select.options].map((option) => option.value);
    expect(values).toEqual(expect.arrayContaining(['US', 'CA', 'DE', 'MX']));
    expect(values.length).toBeGreaterThan(200);
    expect(select.value).toBe('US');
    expect(select.selectedOptions[0]!.textContent).toBe('United States');
  });
});
