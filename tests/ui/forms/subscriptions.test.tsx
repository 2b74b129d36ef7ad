/**
 * The subscriptions form as the member sees it (schemas/forms/buildSubscriptionsSchema.ts, drawn by
 * the subscription-tree widget, the multi-select and the checkbox): §4's tree rules by click and by
 * keyboard (a parent checks its children, a parent with some children checked is mixed, a mandatory
 * topic is checked and disabled), the opt-in groups each a choice of their own, do-not-disturb
 * asking 'ssp.location.remove.confirm' before it is turned off, §5's weather-time messages next to
 * their fields, and the review mode's check marks and weather count.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../public/i18n/en_US.json' with { type: 'json' };
import { buildSubscriptionsSchema } from '../../../schemas/forms/buildSubscriptionsSchema.ts';
import type { FormMode } from '../../../schemas/forms/types.ts';
import { resolveOrgSettings } from '../../../schemas/orgSettings.ts';
import { fixtureOrgs } from '../../fixtures/orgs.ts';
import { formI18n } from './formI18n.ts';
import { renderForm } from './renderForm.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await formI18n();
});

const settings = resolveOrgSettings({ ...fixtureOrgs.springfield.input, showGroupSubscription: true });
const GROUPS = [{ id: 1, name: 'Volunteers', parentId: null }, { id: 2, name: 'Drivers', parentId: 1 }];
const TIME_ZONES = [{ id: 'America/Chicago', displayLabel: '(UTC-06:00) Central Time' }];
const build = (mode: FormMode = 'edit') =>
  buildSubscriptionsSchema(settings, { featureFlags: fixtureOrgs.springfield.flags, optInGroups: GROUPS, timeZones: TIME_ZONES }, mode);

const box = (name: string | RegExp) => screen.getByRole('checkbox', { name: typeof name === 'string' ? new RegExp(`^${name}`) : name }) as HTMLInputElement;
const last = (changes: unknown[]) => changes.at(-1) as Record<string, unknown>;

describe('the subscription tree (§4)', () => {
  it('checks every child with its parent, shows a parent mixed with some, keeps the mandatory topic checked and disabled', async () => {
    const user = userEvent.setup();
    const { changes } = renderForm(i18n, build(), { formData: { alerts: [100] } });
    expect(box('Emergency alerts').disabled).toBe(true);
    expect(box('Emergency alerts').checked).toBe(true);
    // "(required)" is said in the mandatory topic's own label, not somewhere else on the page.
    expect(box('Emergency alerts').labels?.[0]?.textContent).toBe(`Emergency alerts ${en['subscriptions.required']}`);

    await user.click(box('City services'));
    expect(last(changes).alerts).toEqual([100, 121, 122, 123]);
    for (const child of ['Road closures and traffic', 'Water and utilities', 'Trash and recycling']) expect(box(child).checked).toBe(true);

    // One child off: the parent is neither checked nor unchecked.
    await user.click(box('Water and utilities'));
    expect(last(changes).alerts).toEqual([100, 121, 123]);
    expect(box('City services').checked).toBe(false);
    expect(box('City services').indeterminate).toBe(true);

    // Clicking the mixed parent checks all of them; by keyboard too (Space on the focused box).
    box('City services').focus();
    await user.keyboard(' ');
    expect(last(changes).alerts).toEqual([100, 121, 122, 123]);
    expect(box('City services').indeterminate).toBe(false);
    await user.keyboard(' ');
    expect(last(changes).alerts).toEqual([100]);
  });

  it('treats each opt-in group as a choice of its own', async () => {
    const user = userEvent.setup();
    const { changes } = renderForm(i18n, build(), { formData: { alerts: [100], groups: [] } });
    await user.click(box('Volunteers'));
    expect(last(changes).groups).toEqual([1]);
    expect(box('Drivers').checked).toBe(false);
    await user.click(box('Drivers'));
    await user.click(box('Volunteers'));
    expect(last(changes).groups).toEqual([2]);
  });
});

describe('weather do-not-disturb (§4, §5)', () => {
  const nights = { checked: true, startTime: '10:00', startMeridiem: 'PM', endTime: '06:00', endMeridiem: 'AM', timeZoneId: 'America/Chicago' };

  it('asks before turning it off, and stays on when the member cancels', async () => {
    const user = userEvent.setup();
    const { changes } = renderForm(i18n, build(), { formData: { alerts: [100], weather: ['TOR'], noDisturb: nights } });
    const checkbox = box(en['subscriptions.noDisturb.checked']);
    await user.click(checkbox);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(en['ssp.location.remove.confirm']).tagName).toBe('P');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: en['form.dialog.cancel'] }));
    expect(box(en['subscriptions.noDisturb.checked']).checked).toBe(true);
    await user.click(box(en['subscriptions.noDisturb.checked']));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en['form.dialog.ok'] }));
    expect((last(changes).noDisturb as { checked: boolean }).checked).toBe(false);
    // Off: the hours are no longer asked for.
    expect(screen.queryByRole('combobox', { name: new RegExp(`^${en['subscriptions.noDisturb.startTime']}`) })).toBeNull();
  });

  it('shows §5\'s messages next to the end time and the time zone', async () => {
    const user = userEvent.setup();
    const { submitted } = renderForm(i18n, build(), {
      formData: { alerts: [100], weather: ['TOR'], noDisturb: { ...nights, endTime: '10:00', endMeridiem: 'PM', timeZoneId: '' } },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual([]);
    expect(screen.getAllByText(en['alertSubscription.dialog.content.equal']).length).toBeGreaterThan(0);
    expect(screen.getAllByText(en['ssp.controller.subscription.set.timezone']).length).toBeGreaterThan(0);
  });
});

describe('review mode (§2 review subscriptions)', () => {
  it('lists the checked topics with check marks and counts the weather alerts', () => {
    renderForm(i18n, build('review'), { formData: { alerts: [100, 121, 122, 123], weather: ['TOR', 'SVR'], groups: [2] }, review: true });
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    // A checked topic carries its check mark and says "subscribed" to a screen reader; an unchecked one is not listed.
    expect(screen.getByText('City services').closest('li')?.textContent).toMatch(new RegExp(`^✓ City services \\(${en['subscriptions.subscribed']}\\)`));
    expect(screen.queryByText('Community')).toBeNull();
    expect(screen.getByText('Drivers').closest('li')?.textContent).toBe(`✓ Drivers (${en['subscriptions.subscribed']})`);
    expect(screen.getByText('Volunteers').closest('li')?.textContent?.startsWith('✓')).toBe(false);
    expect(screen.getByText(`2 Weather Alerts: ${en['weather.category.TOR']}, ${en['weather.category.SVR']}`).className).toBe('review-value');
  });
});
