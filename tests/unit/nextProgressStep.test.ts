/**
 * §2 sign-up steps: where a step's single submit leads (src/app/nextProgressStep.ts) — the first
 * applicable step after it, in the progress bar's order (profile, locations, subscriptions,
 * information, review), each by the condition screens.config.ts gives it.
 */
import { describe, expect, it } from 'vitest';
import type { OrgSettings } from '../../schemas/orgSettings.ts';
import { PROGRESS_STEPS, screens } from '../../screens.config.ts';
import { nextProgressStep } from '../../src/app/nextProgressStep.ts';
import type { ProgressStep } from '../../src/app/screenTypes.ts';
import { contextFor } from '../fixtures/context.ts';

const NOTHING_ON: Partial<OrgSettings> = {
  showAddress: false, showAlertSubscription: false, showGroupSubscription: false, showIncidentSub: false, showCustomfield: false,
};

const rows: [ProgressStep, Partial<OrgSettings>, string | null, string][] = [
  ['profile', { ...NOTHING_ON, showAddress: true }, 'new/account/mylocation', '§2 locations (organisation shows addresses)'],
  ['profile', { ...NOTHING_ON, showAlertSubscription: true }, 'new/account/subscriptions', '§2 subscriptions: alert subscription on'],
  ['profile', { ...NOTHING_ON, showGroupSubscription: true }, 'new/account/subscriptions', '§2 subscriptions: group subscription on'],
  ['profile', { ...NOTHING_ON, showIncidentSub: true }, 'new/account/subscriptions', '§2 subscriptions: incident subscription on'],
  ['profile', { ...NOTHING_ON, showCustomfield: true }, 'new/account/additionalInformation', '§2 information (custom fields on)'],
  ['profile', NOTHING_ON, 'new/account/review', '§2 review is always there'],
  ['profile', { ...NOTHING_ON, showAddress: true, showCustomfield: true }, 'new/account/mylocation', 'the first applicable one'],
  ['locations', { ...NOTHING_ON, showCustomfield: true }, 'new/account/additionalInformation', 'from a later step, past the ones that are off'],
  ['information', { showAddress: true, showAlertSubscription: true }, 'new/account/review', 'never back to an earlier step'],
  ['review', {}, null, 'nothing after review'],
];

describe('nextProgressStep', () => {
  it('lists the wizard\'s screens in the progress bar\'s order', () => {
    expect(screens.filter((screen) => screen.progressStep).map((screen) => screen.progressStep)).toEqual([...PROGRESS_STEPS]);
  });

  it.each(rows)('after %s with %j → %s (%s)', (step, settings, expected) => {
    const ctx = contextFor('springfield', { account: {} });
    expect(nextProgressStep(screens, step, { ...ctx, org: { ...ctx.org, ...settings } })).toBe(expected);
  });
});
