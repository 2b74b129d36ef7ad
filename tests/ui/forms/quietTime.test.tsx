/**
 * The quiet-time widget (§3/§4): frames with name, days (Sunday first, toggle buttons), from/to
 * hour and minute; the 24-hour checkbox makes the end equal the start and disables the end selects;
 * adding needs a time zone (a picker dialog opens first without one); deleting asks
 * 'ssp.delete.confirm'. The dialogs are modal: focus moves in, stays in, and goes back.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../public/i18n/en_US.json' with { type: 'json' };
import type { QuietTimeFrame } from '../../../schemas/entities.ts';
import type { BuiltForm, FormSchema } from '../../../schemas/forms/types.ts';
import { formI18n } from './formI18n.ts';
import { renderForm } from './renderForm.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await formI18n();
});

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** One frame as schemas/forms/buildQuietTimeSchema.ts writes it. */
const frameSchema: FormSchema = {
  type: 'object',
  required: ['name', 'days', 'fromHour', 'fromMin', 'toHour', 'toMin'],
  properties: {
    name: { type: 'string', title: 'profile.quiet.time.name.label', minLength: 1, maxLength: 40, messages: { minLength: 'jquery.validation.field.required' } },
    days: {
      type: 'array', title: 'profile.quiet.time.days.label', uniqueItems: true, minItems: 1, items: { type: 'integer', enum: range(1, 7) },
      messages: { required: 'profile.quiet.time.days.required', minItems: 'profile.quiet.time.days.required' },
    },
    fromHour: { type: 'integer', title: 'profile.quiet.time.fromHour.label', enum: range(0, 23) },
    fromMin: { type: 'integer', title: 'profile.quiet.time.fromMin.label', enum: range(0, 59) },
    toHour: { type: 'integer', title: 'profile.quiet.time.toHour.label', enum: range(0, 23) },
    toMin: { type: 'integer', title: 'profile.quiet.time.toMin.label', enum: range(0, 59) },
    allDay: { type: 'boolean', title: 'profile.quiet.time.allDay.label', default: false },
  },
};

const timeZones = [{ id: 'America/Chicago', displayLabel: '(GMT-06:00) Central Time' }, { id: 'Europe/Paris', displayLabel: '(GMT+01:00) Paris' }];

const form = (options: Record<string, unknown> = { timeZones, timeZoneField: '/timeZone' }): BuiltForm => ({
  schema: {
    type: 'object',
    properties: {
      timeZone: { type: 'string', title: 'test.timeZone' },
      quietTimes: { type: 'array', title: 'profile.quiet.time.label', items: frameSchema },
    },
  },
  uiSchema: {
    'ui:order': ['timeZone', 'quietTimes'],
    timeZone: { 'ui:widget': 'timeZone', 'ui:options': { timeZones } },
    quietTimes: { 'ui:widget': 'quietTime', 'ui:options': options },
  },
});

const frame: QuietTimeFrame = { name: 'Night', days: [1, 7], fromHour: 22, fromMin: 30, toHour: 6, toMin: 15, allDay: false };
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

describe('quiet times: adding needs a time zone (§4)', () => {
  it('opens an accessible time-zone dialog first when there is none; Escape closes it and gives the focus back', async () => {
    const user = userEvent.setup();
    renderForm(i18n, form());
    const add = screen.getByRole('button', { name: 'Add quiet time' });
    await user.click(add);
    const dialog = screen.getByRole('dialog', { name: 'Choose your time zone' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: 'Time zone' }));
    // The focus stays inside: OK is disabled, so Tab goes select → Cancel → select.
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: 'Time zone' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(add);
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
  });

  it('adds the frame once a zone is chosen, sets the form\'s time zone, focuses the new name, and asks no more', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, form());
    await user.click(screen.getByRole('button', { name: 'Add quiet time' }));
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Time zone' }), 'Europe/Paris');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(document.activeElement).toBe(name);
    expect(select('Time zone').value).toBe('Europe/Paris');
    await user.click(screen.getByRole('button', { name: 'Add quiet time' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByRole('textbox', { name: 'Name' })).toHaveLength(2);
    expect(rendered.changes.at(-1)).toMatchObject({ timeZone: 'Europe/Paris', quietTimes: [{ name: '' }, { name: '' }] });
  });

  it('adds at once when ui:options.timeZone gives the member\'s zone', async () => {
    const user = userEvent.setup();
    renderForm(i18n, form({ timeZone: 'America/Chicago', timeZones }));
    await user.click(screen.getByRole('button', { name: 'Add quiet time' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInstanceOf(HTMLElement);
  });
});

describe('quiet times: a frame', () => {
  it('has the days as toggle buttons, Sunday first, pressed with Space or Enter', async () => {
    const user = userEvent.setup();
    renderForm(i18n, form(), { formData: { quietTimes: [frame] } });
    const days = within(screen.getByRole('group', { name: 'Days' })).getAllByRole('button');
    expect(days.map((d) => d.querySelector('.visually-hidden')?.textContent)).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    expect(days.map((d) => d.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false', 'false', 'false', 'false', 'true']);
    days[1]!.focus();
    await user.keyboard(' ');
    expect(days[1]!.getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{Enter}');
    expect(days[1]!.getAttribute('aria-pressed')).toBe('false');
    await user.tab();
    expect(document.activeElement).toBe(days[2]);
  });

  it('the 24-hour checkbox sets the end to the start and disables the end selects', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, form(), { formData: { quietTimes: [frame] } });
    expect(select(en['profile.quiet.time.toHour.label']).disabled).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: '24 hours' }));
    expect(select(en['profile.quiet.time.toHour.label']).disabled).toBe(true);
    expect(select(en['profile.quiet.time.toMin.label']).disabled).toBe(true);
    expect([select(en['profile.quiet.time.toHour.label']).value, select(en['profile.quiet.time.toMin.label']).value]).toEqual(['22', '30']);
    await user.selectOptions(select(en['profile.quiet.time.fromHour.label']), '8');
    expect(select(en['profile.quiet.time.toHour.label']).value).toBe('8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([{ quietTimes: [{ ...frame, allDay: true, fromHour: 8, toHour: 8, toMin: 30 }] }]);
    await user.click(screen.getByRole('checkbox', { name: '24 hours' }));
    expect(select(en['profile.quiet.time.toHour.label']).disabled).toBe(false);
  });

  it('asks \'ssp.delete.confirm\' before deleting: Cancel keeps the frame, OK removes it', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, form(), { formData: { quietTimes: [frame] } });
    const remove = screen.getByRole('button', { name: 'Delete Night' });
    await user.click(remove);
    let dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(within(dialog).getByText('Are you sure you want to delete this?')).toBeInstanceOf(HTMLElement);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInstanceOf(HTMLElement);
    expect(document.activeElement).toBe(remove);
    await user.click(remove);
    dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add quiet time' }));
    expect(rendered.changes.at(-1)).toEqual({ quietTimes: [] });
  });

  it('§5 shows a frame\'s messages at its name and days (\'profile.quiet.time.days.required\')', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, form({ timeZone: 'Europe/Paris' }));
    await user.click(screen.getByRole('button', { name: 'Add quiet time' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([]);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Name is required.');
    const days = screen.getByRole('group', { name: 'Days' });
    expect(document.getElementById(days.getAttribute('aria-describedby')!)?.textContent).toBe('Please choose at least one day.');
  });

  it('shows the frames as text in review mode', () => {
    renderForm(i18n, form(), { review: true, formData: { quietTimes: [frame] } });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Night: Sunday, Saturday 22:30–06:15')).toBeInstanceOf(HTMLElement);
  });
});
