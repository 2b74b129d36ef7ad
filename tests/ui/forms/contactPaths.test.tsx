/**
 * The contact-paths widget (§2/§3): the member's paths in order, each with its value (phone input
 * for SMS/PHONE/…, e-mail input for EMAIL/…), extension, the receive-notification toggle (only in
 * logged-in edit mode) and quiet times; up/down reorder buttons, disabled (not hidden) at the ends.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../public/i18n/en_US.json' with { type: 'json' };
import type { ContactPathType } from '../../../schemas/entities.ts';
import type { BuiltForm, FormSchema } from '../../../schemas/forms/types.ts';
import { formI18n } from './formI18n.ts';
import { renderForm } from './renderForm.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await formI18n();
});
afterEach(() => {
  vi.useRealTimers();
});

const paths: { pathId: number; type: ContactPathType; name: string; editable: boolean }[] = [
  { pathId: 1, type: 'EMAIL', name: 'Work email', editable: true },
  { pathId: 2, type: 'SMS', name: 'Text message', editable: true },
  { pathId: 3, type: 'PHONE', name: 'Home phone', editable: true },
];

/** One path's item schema, chosen by pathId, as schemas/forms/buildContactPathsSchema.ts writes it. */
function itemSchema(path: (typeof paths)[number]): FormSchema {
  const common: Record<string, FormSchema> = {
    pathId: { const: path.pathId },
    type: { const: path.type },
    pathEnable: { type: 'boolean', title: 'contactPath.pathEnable.label' },
    quietTimeFrames: { type: 'array', title: 'profile.quiet.time.label', items: { type: 'object' } },
  };
  const then: FormSchema = path.type === 'EMAIL'
    ? { type: 'object', title: path.name, properties: { ...common, value: { type: 'string', title: path.name, format: 'ssp-email', messages: { format: 'jquery.validation.email' } } } }
    : {
      type: 'object', title: path.name,
      properties: {
        ...common,
        value: { type: 'string' }, countryCode: { type: 'string' }, noValidate: { type: 'boolean' },
        phoneExt: { type: 'string', title: 'contactPath.phoneExt.label', maxLength: 10, pattern: '^[0-9]*$', messages: { pattern: 'jquery.validation.ext' } },
      },
      phoneNumber: { mandatory: false, pathType: path.type, label: path.name },
    };
  return { if: { properties: { pathId: { const: path.pathId } }, required: ['pathId'] }, then };
}

const form = (options: Record<string, unknown> = {}): BuiltForm => ({
  schema: {
    type: 'object',
    properties: {
      contactPaths: {
        type: 'array',
        title: 'contactPaths.title',
        items: { type: 'object', required: ['pathId'], properties: { pathId: { enum: [1, 2, 3] } }, allOf: paths.map(itemSchema) },
      },
    },
  },
  uiSchema: { contactPaths: { 'ui:widget': 'contactPaths', 'ui:options': { paths, reorderable: true, timeZone: 'Europe/Paris', ...options } } },
});

const data = () => ({
  contactPaths: [
    { pathId: 1, type: 'EMAIL', value: 'marge@example.com', pathEnable: true, quietTimeFrames: [] },
    { pathId: 2, type: 'SMS', value: '', countryCode: 'US', noValidate: false, pathEnable: false, quietTimeFrames: [] },
    { pathId: 3, type: 'PHONE', value: '(201) 555-0123', countryCode: 'US', noValidate: false, pathEnable: true, quietTimeFrames: [] },
  ],
});

const legends = () => [...document.querySelectorAll('.contact-path-fields > legend')].map((l) => l.textContent);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('contact paths', () => {
  it('lists the paths in order, with the right input for each type', () => {
    renderForm(i18n, form(), { formData: data() });
    expect(legends()).toEqual(['Work email', 'Text message', 'Home phone']);
    const email = screen.getByRole('group', { name: 'Work email' });
    expect((within(email).getByRole('textbox', { name: 'Work email' }) as HTMLInputElement).type).toBe('email');
    const phone = screen.getByRole('group', { name: 'Home phone' });
    expect((within(phone).getByRole('textbox', { name: 'Home phone' }) as HTMLInputElement).value).toBe('(201) 555-0123');
    expect(within(phone).getByRole('combobox', { name: 'Country code' })).toBeInstanceOf(HTMLElement);
    expect(within(phone).getByRole('textbox', { name: 'Extension' })).toBeInstanceOf(HTMLElement);
    expect(within(email).queryByRole('textbox', { name: 'Extension' })).toBeNull();
  });

  it('disables (does not hide) "up" on the first path and "down" on the last', () => {
    renderForm(i18n, form(), { formData: data() });
    expect(button('Move Work email up').disabled).toBe(true);
    expect(button('Move Work email down').disabled).toBe(false);
    expect(button('Move Text message up').disabled).toBe(false);
    expect(button('Move Text message down').disabled).toBe(false);
    expect(button('Move Home phone up').disabled).toBe(false);
    expect(button('Move Home phone down').disabled).toBe(true);
  });

  it('moves a path up and down; the focus stays on the button pressed, or moves to its pair at an end', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, form(), { formData: data() });
    await user.click(button('Move Home phone up'));
    expect(legends()).toEqual(['Work email', 'Home phone', 'Text message']);
    expect(document.activeElement).toBe(button('Move Home phone up'));
    await user.click(button('Move Home phone up'));
    expect(legends()).toEqual(['Home phone', 'Work email', 'Text message']);
    // Now first: its "up" is disabled, so the focus goes to its "down".
    expect(button('Move Home phone up').disabled).toBe(true);
    expect(document.activeElement).toBe(button('Move Home phone down'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((rendered.submitted[0] as ReturnType<typeof data>).contactPaths.map((p) => p.pathId)).toEqual([3, 1, 2]);
  });

  it('reorders from the keyboard: Enter and Space on the focused button', async () => {
    const user = userEvent.setup();
    renderForm(i18n, form(), { formData: data() });
    button('Move Work email down').focus();
    await user.keyboard('{Enter}');
    expect(legends()).toEqual(['Text message', 'Work email', 'Home phone']);
    expect(document.activeElement).toBe(button('Move Work email down'));
    await user.keyboard(' ');
    expect(legends()).toEqual(['Text message', 'Home phone', 'Work email']);
    expect(document.activeElement).toBe(button('Move Work email up'));
  });

  it('has no receive-notification toggle outside logged-in edit mode (ui:options.showPathEnable)', () => {
    renderForm(i18n, form(), { formData: data() });
    expect(screen.queryByRole('switch', { name: 'Receive notifications' })).toBeNull();
  });

  it('shows the toggle in logged-in edit mode and sets pathEnable from whether the path has a value (§2)', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, form({ showPathEnable: true }), { formData: data() });
    const sms = screen.getByRole('group', { name: 'Text message' });
    const toggle = within(sms).getByRole('switch', { name: 'Receive notifications' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await user.type(within(sms).getByRole('textbox', { name: 'Text message' }), '2015550199');
    expect(toggle.checked).toBe(true);
    await user.click(toggle);
    expect(toggle.checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((rendered.submitted[0] as ReturnType<typeof data>).contactPaths[1]).toMatchObject({ value: '(201) 555-0199', pathEnable: false });
  });

  it('shows each path\'s messages inline, at its own input', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, form(), { formData: data() });
    const email = screen.getByRole('textbox', { name: 'Work email' });
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.tab();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe('Please enter a valid email address.');
    const extension = within(screen.getByRole('group', { name: 'Home phone' })).getByRole('textbox', { name: 'Extension' });
    await user.type(extension, '12a');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([]);
    expect(document.getElementById(extension.getAttribute('aria-describedby')!)?.textContent).toBe(en['jquery.validation.ext']);
  });

  it('moves a path\'s message with it', async () => {
    const user = userEvent.setup();
    renderForm(i18n, form(), { formData: data() });
    const email = screen.getByRole('textbox', { name: 'Work email' });
    await user.clear(email);
    await user.type(email, 'nope');
    await user.tab();
    await user.click(button('Move Work email down'));
    expect(legends()).toEqual(['Text message', 'Work email', 'Home phone']);
    const moved = screen.getByRole('textbox', { name: 'Work email' });
    expect(moved.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(moved.getAttribute('aria-describedby')!)?.textContent).toBe('Please enter a valid email address.');
    expect(screen.getByRole('textbox', { name: 'Text message' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('after a refused submit, focuses the first invalid path value 300 ms later', () => {
    vi.useFakeTimers();
    const invalid = data();
    invalid.contactPaths[2]!.value = 'call me';
    renderForm(i18n, form(), { formData: invalid });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const phone = within(screen.getByRole('group', { name: 'Home phone' })).getByRole('textbox', { name: 'Home phone' });
    expect(document.activeElement).not.toBe(phone);
    act(() => vi.advanceTimersByTime(300));
    expect(document.activeElement).toBe(phone);
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)?.textContent).toBe(en['ssp.checked.phoneNum']);
    // The message opened the 'use as is' choice.
    expect(within(screen.getByRole('group', { name: 'Home phone' })).getByRole('checkbox', { name: 'Use as is' })).toBeInstanceOf(HTMLElement);
  });

  it('shows each path as text in review mode, with its on/off in logged-in mode', () => {
    renderForm(i18n, form({ showPathEnable: true }), { review: true, formData: data() });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    const texts = [...document.querySelectorAll('.contact-path-review')].map((row) => row.textContent);
    expect(texts).toEqual([
      'Work emailmarge@example.com — OnNo quiet times.',
      'Text messageNot Provided — OffNo quiet times.',
      'Home phoneUS (201) 555-0123 — OnNo quiet times.',
    ]);
  });

  it('has each path\'s quiet times', async () => {
    const user = userEvent.setup();
    renderForm(i18n, form(), { formData: data() });
    const phone = screen.getByRole('group', { name: 'Home phone' });
    await user.click(within(phone).getByRole('button', { name: 'Add quiet time' }));
    expect(within(phone).getByRole('textbox', { name: 'Name' })).toBeInstanceOf(HTMLElement);
    expect(within(screen.getByRole('group', { name: 'Work email' })).queryByRole('textbox', { name: 'Name' })).toBeNull();
  });
});
