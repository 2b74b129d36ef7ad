/**
 * src/forms/SchemaForm.tsx: one source of messages (the shared validator, translated, inline through
 * extraErrors), §5 "checked on blur and submit", after a refused submit the focus on the error
 * summary's heading (a form of more than one field) or on the only field 300 ms later (§4/§9), the
 * server's 400 errors inline, no disabled submit button, busy labels, read-only and review.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildLoginSchema } from '../../../schemas/forms/buildLoginSchema.ts';
import type { BuiltForm } from '../../../schemas/forms/types.ts';
import { resolveOrgSettings } from '../../../schemas/orgSettings.ts';
import { FEATURE_FLAGS_OFF } from '../../../schemas/featureFlags.ts';
import { formI18n } from './formI18n.ts';
import { renderForm } from './renderForm.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await formI18n();
});
afterEach(() => {
  vi.useRealTimers();
});

const login = () => buildLoginSchema(resolveOrgSettings({ orgName: 'Springfield' }), { featureFlags: FEATURE_FLAGS_OFF }, 'signup');

const profile: BuiltForm = {
  schema: {
    type: 'object',
    required: ['firstName', 'email'],
    properties: {
      firstName: { type: 'string', title: 'test.firstName', minLength: 1, maxLength: 5 },
      email: { type: 'string', title: 'test.email', format: 'ssp-email', messages: { format: 'jquery.validation.email' } },
    },
  },
  uiSchema: {
    'ui:order': ['firstName', 'email'],
    'ui:options': { errorSummary: true },
    firstName: { 'ui:widget': 'text' },
    email: { 'ui:widget': 'email', 'ui:help': 'test.help.email' },
  },
};

const errorOf = (input: HTMLElement) => {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`);
};

describe('SchemaForm: labels and messages', () => {
  it('labels each input with its translated title, through a real <label for>', () => {
    renderForm(i18n, login());
    const username = screen.getByRole('textbox', { name: 'Username' });
    expect(document.querySelector(`label[for="${username.id}"]`)?.textContent).toBe('Username*');
    expect(username.getAttribute('aria-invalid')).toBeNull();
    expect(username.hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText('Password*').getAttribute('type')).toBe('password');
  });

  it('shows a title as it is when ui:options.titleIsText is set', () => {
    renderForm(i18n, {
      schema: { type: 'object', properties: { nick: { type: 'string', title: 'Your nickname' } } },
      uiSchema: { nick: { 'ui:widget': 'text', 'ui:options': { titleIsText: true } } },
    });
    expect(screen.getByRole('textbox', { name: 'Your nickname' })).toBeInstanceOf(HTMLElement);
  });

  it('§5 checks a field when it loses focus, not while typing, and names the message in aria-describedby', async () => {
    const user = userEvent.setup();
    renderForm(i18n, profile);
    const firstName = screen.getByRole('textbox', { name: 'First name' });
    await user.type(firstName, 'Marguerite');
    expect(screen.queryByText('Please enter no more than 5 characters.')).toBeNull();
    expect(firstName.getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(firstName)).toEqual(['Please enter no more than 5 characters.']);
    // Only the field left is checked: the e-mail field, never visited, shows nothing yet.
    expect(screen.queryByText('Email is required.')).toBeNull();
    // Put right: the message goes while typing, not only on the blur (a blur that is the click on
    // submit would otherwise move the button from under the pointer).
    await user.clear(firstName);
    await user.type(firstName, 'Marge');
    expect(firstName.getAttribute('aria-invalid')).toBeNull();
    expect(firstName.getAttribute('aria-describedby')).toBeNull();
    // A new mistake still waits for the blur.
    await user.type(firstName, 'rite');
    expect(firstName.getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    expect(errorOf(firstName)).toEqual(['Please enter no more than 5 characters.']);
  });

  it('clears a message as soon as the field is put right, and the submit that follows goes through', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, profile);
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Marge');
    await user.type(email, 'marge@');
    await user.tab();
    expect(errorOf(email)[0]).toBe('Please enter a valid email address.');
    await user.type(email, 'example.org');
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([{ firstName: 'Marge', email: 'marge@example.org' }]);
  });

  it('translates the message with the translated label (t(key, { ...params, label: t(params.label) }))', async () => {
    const user = userEvent.setup();
    renderForm(i18n, profile);
    await user.click(screen.getByRole('textbox', { name: 'First name' }));
    await user.tab();
    expect(errorOf(screen.getByRole('textbox', { name: 'First name' }))).toEqual(['First name is required.']);
  });

  it('points aria-describedby at the help text too, and at the error first', async () => {
    const user = userEvent.setup();
    renderForm(i18n, profile);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(errorOf(email)).toEqual(['We send notifications here.']);
    await user.type(email, 'not-an-address');
    await user.tab();
    expect(errorOf(email)).toEqual(['Please enter a valid email address.', 'We send notifications here.']);
  });

  it('trims what is typed when the field is left (§5 "trimmed") and submits trimmed data', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, login());
    await user.type(screen.getByRole('textbox', { name: 'Username' }), '  demo.member  ');
    await user.tab();
    expect((screen.getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe('demo.member');
    await user.type(screen.getByLabelText('Password*'), 'secret ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([{ username: 'demo.member', password: 'secret' }]);
  });
});

describe('SchemaForm: submit', () => {
  it('refuses an invalid submit, shows every message inline and focuses the error summary\'s heading at once', () => {
    const rendered = renderForm(i18n, login());
    const submit = screen.getByRole('button', { name: 'Save' });
    submit.focus();
    fireEvent.click(submit);
    expect(rendered.submitted).toEqual([]);
    const username = screen.getByRole('textbox', { name: 'Username' });
    expect(errorOf(username)).toEqual(['Please enter your username.']);
    expect(errorOf(screen.getByLabelText('Password*'))).toEqual(['Please enter your password.']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'There is a problem' }));
  });

  it('in a form of one field (no summary) focuses that field 300 ms after a refused submit (§4/§9)', () => {
    vi.useFakeTimers();
    renderForm(i18n, { ...profile, schema: { ...profile.schema, required: ['firstName'], properties: { firstName: profile.schema.properties!.firstName! } }, uiSchema: { firstName: { 'ui:widget': 'text' } } });
    const submit = screen.getByRole('button', { name: 'Save' });
    submit.focus();
    fireEvent.click(submit);
    expect(screen.queryByRole('region', { name: 'There is a problem' })).toBeNull();
    act(() => vi.advanceTimersByTime(299));
    expect(document.activeElement).toBe(submit);
    act(() => vi.advanceTimersByTime(1));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'First name' }));
  });

  it('shows nothing of rjsf\'s own: no error list, no second copy of a message', async () => {
    const user = userEvent.setup();
    renderForm(i18n, login());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('Please enter your username.')).toHaveLength(1);
    expect(document.querySelector('.panel-danger, .errors')).toBeNull();
  });

  it('submits with Enter from a field when the data is valid', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, login());
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'demo.member');
    await user.type(screen.getByLabelText('Password*'), 'Demo!Member2026{Enter}');
    expect(rendered.submitted).toEqual([{ username: 'demo.member', password: 'Demo!Member2026' }]);
  });

  it('never disables the submit button for an unticked terms box: pressing it says the terms are not accepted (§2 terms)', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, {
      schema: {
        type: 'object', required: ['accept'],
        properties: { accept: { type: 'boolean', title: 'signup.accept.label', const: true, default: false, messages: { const: 'ssp.signup.terms.required', required: 'ssp.signup.terms.required' } } },
      },
      uiSchema: { accept: { 'ui:widget': 'terms', 'ui:options': { termsUrl: '/public/legal/terms.html' } } },
    });
    const submit = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    expect(submit.getAttribute('aria-disabled')).toBeNull();
    await user.click(submit);
    expect(rendered.submitted).toEqual([]);
    const box = screen.getByRole('checkbox', { name: /I accept the terms of use/ });
    expect(errorOf(box)).toEqual(['Please accept the terms of use to create your account.']);
    const terms = screen.getByRole('link', { name: 'Read the terms of use (opens in a new tab)' });
    expect(terms.getAttribute('href')).toBe('/public/legal/terms.html');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(terms.getAttribute('rel')).toBe('noopener noreferrer');
    await user.click(box);
    await user.click(submit);
    expect(rendered.submitted).toEqual([{ accept: true }]);
  });

  it('while busy says what it does, stays focusable (aria-disabled) and ignores a second press', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, login(), { formData: { username: 'demo.member', password: 'secret' } });
    rendered.rerender({ busy: true });
    const busy = screen.getByRole('button', { name: 'Signing in…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(false);
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    busy.focus();
    expect(document.activeElement).toBe(busy);
    await user.click(busy);
    expect(rendered.submitted).toEqual([]);
    rendered.rerender({ busy: false });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toHaveLength(1);
  });

  it('says "Sending…" while busy when neither the screen nor the builder names a busy label', () => {
    renderForm(i18n, profile, { busy: true });
    expect(screen.getByRole('button', { name: 'Sending…' }).getAttribute('aria-disabled')).toBe('true');
  });
});

describe('SchemaForm: the server\'s errors', () => {
  it('shows a 400 validation error inline at its field, and drops it once the field is edited', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, login());
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'taken.name');
    rendered.rerender({ serverErrors: [{ pointer: '/username', key: 'test.username.taken', params: {} }] });
    const username = screen.getByRole('textbox', { name: 'Username' }) as HTMLInputElement;
    // The parent drew again with equal formData ({}): what the member typed stays.
    expect(username.value).toBe('taken.name');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(username)).toEqual(['This username is taken.']);
    await user.type(username, 'x');
    expect(username.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('This username is taken.')).toBeNull();
    // The parent drawing the same answer again (a new array) does not bring it back…
    rendered.rerender({ serverErrors: [{ pointer: '/username', key: 'test.username.taken', params: {} }] });
    expect(screen.queryByText('This username is taken.')).toBeNull();
    // …but the same answer to a new submit does.
    await user.type(screen.getByLabelText('Password*'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toHaveLength(1);
    rendered.rerender({ serverErrors: [{ pointer: '/username', key: 'test.username.taken', params: {} }] });
    expect(errorOf(screen.getByRole('textbox', { name: 'Username' }))).toEqual(['This username is taken.']);
  });

  it('moves the focus to the error summary, which lists the field the server refused', () => {
    const rendered = renderForm(i18n, login());
    rendered.rerender({ serverErrors: [{ pointer: '/password', key: 'login.password.enterPassword', params: { label: 'login.password.label' } }] });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'There is a problem' }));
    const summary = screen.getByRole('region', { name: 'There is a problem' });
    expect(within(summary).getAllByRole('link').map((a) => a.textContent)).toEqual(['Password: Please enter your password.']);
  });
});

describe('SchemaForm: error summary (every form of more than one field)', () => {
  it('lists the fields in error above the form, focused, each a link that focuses its field', async () => {
    const user = userEvent.setup();
    renderForm(i18n, { ...profile, uiSchema: { ...profile.uiSchema, 'ui:options': {} } });
    expect(screen.queryByRole('region', { name: 'There is a problem' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = screen.getByRole('region', { name: 'There is a problem' });
    const heading = within(summary).getByRole('heading');
    expect(heading.textContent).toBe('There is a problem');
    expect(document.activeElement).toBe(heading);
    // The messages stay inline too.
    expect(errorOf(screen.getByRole('textbox', { name: 'First name' }))).toEqual(['First name is required.']);
    const links = within(summary).getAllByRole('link');
    // A message that names its field is not prefixed with the name again.
    expect(links.map((a) => a.textContent)).toEqual(['First name is required.', 'Email is required.']);
    await user.click(links[1]!);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }));
    expect(links[1]!.getAttribute('href')).toBe(`#${screen.getByRole('textbox', { name: 'Email' }).id}`);
  });

  it('lists the fields in the order they are shown, whatever order the validator reports them in', async () => {
    const user = userEvent.setup();
    // The validator reports missing fields (required) before a wrong value (format) of an earlier one.
    renderForm(i18n, { ...profile, schema: { ...profile.schema, required: ['email', 'firstName'] }, uiSchema: { ...profile.uiSchema, 'ui:order': ['email', 'firstName'] } });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const links = within(screen.getByRole('region', { name: 'There is a problem' })).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Email: Please enter a valid email address.', 'First name is required.']);
  });

  it('appears after a submit, not when a field is left', async () => {
    const user = userEvent.setup();
    renderForm(i18n, profile);
    await user.click(screen.getByRole('textbox', { name: 'First name' }));
    await user.tab();
    expect(screen.getByText('First name is required.')).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('region', { name: 'There is a problem' })).toBeNull();
  });

  it('has no summary when the builder says so (ui:options.errorSummary false)', async () => {
    const user = userEvent.setup();
    renderForm(i18n, { ...profile, uiSchema: { ...profile.uiSchema, 'ui:options': { errorSummary: false } } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('First name is required.')).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('region', { name: 'There is a problem' })).toBeNull();
  });
});

describe('SchemaForm: read-only and review', () => {
  it('renders a ui:readonly field read-only', () => {
    const form = login();
    renderForm(i18n, { ...form, uiSchema: { ...form.uiSchema, username: { 'ui:widget': 'text', 'ui:readonly': true } } }, { formData: { username: 'fixed' } });
    const username = screen.getByRole('textbox', { name: 'Username' }) as HTMLInputElement;
    expect(username.readOnly).toBe(true);
    expect(username.value).toBe('fixed');
  });

  it('shows every value as text in review mode, with no inputs and no submit', () => {
    renderForm(i18n, profile, { review: true, formData: { firstName: 'Marge', email: '' } });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Marge')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Not Provided')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('First name')).toBeInstanceOf(HTMLElement);
  });
});

describe('SchemaForm: templates', () => {
  it('groups the root\'s fields in the headed sections of ui:options.sections (§2 sign-up)', () => {
    const form = login();
    renderForm(i18n, {
      ...form,
      uiSchema: { ...form.uiSchema, 'ui:options': { sections: [{ titleKey: 'test.firstName', fields: ['username'] }, { titleKey: 'test.email', fields: ['password'] }] } },
    });
    const first = screen.getByRole('region', { name: 'First name' });
    expect(within(first).getByRole('textbox', { name: 'Username' })).toBeInstanceOf(HTMLElement);
    expect(within(first).queryByLabelText('Password*')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Email' })).getByLabelText('Password*')).toBeInstanceOf(HTMLElement);
  });

  it('keeps a field of ui:options.hidden in the data without showing it', async () => {
    const user = userEvent.setup();
    const form = login();
    const rendered = renderForm(i18n, { ...form, uiSchema: { ...form.uiSchema, username: { 'ui:widget': 'text', 'ui:options': { hidden: true } } } }, { formData: { username: 'from.link' } });
    expect(screen.queryByRole('textbox', { name: 'Username' })).toBeNull();
    await user.type(screen.getByLabelText('Password*'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([{ username: 'from.link', password: 'secret' }]);
  });

  it('draws a list without a widget with add, remove and up/down, disabled at the ends', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, {
      schema: { type: 'object', properties: { names: { type: 'array', title: 'test.firstName', items: { type: 'string', title: 'test.email' } } } },
      uiSchema: { names: { items: { 'ui:widget': 'text' } } },
    }, { formData: { names: ['a', 'b'] } });
    const list = screen.getByRole('group', { name: 'First name' });
    expect((within(list).getByRole('button', { name: 'Move item 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(list).getByRole('button', { name: 'Move item 2 down' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(list).getByRole('button', { name: 'Move item 2 up' }));
    await user.click(within(list).getByRole('button', { name: 'Remove item 2' }));
    await user.click(within(list).getByRole('button', { name: 'Add' }));
    const inputs = within(list).getAllByRole('textbox', { name: 'Email' }) as HTMLInputElement[];
    expect(inputs.map((input) => input.value)).toEqual(['b', '']);
    await user.type(inputs[1]!, 'c');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([{ names: ['b', 'c'] }]);
  });
});

describe('SchemaForm: language and state', () => {
  it('shows the messages in the reader\'s language, again when the language changes', async () => {
    const user = userEvent.setup();
    const local = await formI18n();
    local.addResourceBundle('fr_FR', 'translation', { 'login.username.enterUsername': 'Veuillez saisir votre nom d\'utilisateur.', 'login.username.label': 'Nom d\'utilisateur' });
    renderForm(local, login());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter your username.')).toBeInstanceOf(HTMLElement);
    await act(async () => {
      await local.changeLanguage('fr_FR');
    });
    expect(screen.getByText('Veuillez saisir votre nom d\'utilisateur.')).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('textbox', { name: 'Nom d\'utilisateur' })).toBeInstanceOf(HTMLElement);
  });

  it('disables every control and the submit button when disabled', () => {
    renderForm(i18n, login(), { disabled: true });
    expect((screen.getByRole('textbox', { name: 'Username' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('takes new data from the parent when it differs (e.g. the profile loaded)', () => {
    const rendered = renderForm(i18n, login());
    rendered.rerender({ formData: { username: 'loaded.member' } });
    expect((screen.getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe('loaded.member');
  });
});

describe('SchemaForm: keyboard', () => {
  it('tabs through the fields in order, then the password toggle, then the submit button', async () => {
    const user = userEvent.setup();
    renderForm(i18n, login());
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Username' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Password*'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show password' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
  });
});
