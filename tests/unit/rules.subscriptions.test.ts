/**
 * §5 "Weather time: time zone required ('ssp.controller.subscription.set.timezone'); start and end
 * differ ('alertSubscription.dialog.content.equal')", §9 "weather times 01:00-12:00 hourly AM/PM",
 * and the choices the subscriptions form accepts (schemas/forms/buildSubscriptionsSchema.ts), each
 * row through the browser's and the server's validator alike.
 */
import { describe, expect, it } from 'vitest';
import { buildSubscriptionsSchema } from '../../schemas/forms/buildSubscriptionsSchema.ts';
import { resolveOrgSettings } from '../../schemas/orgSettings.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { expectSameErrors } from '../support/formValidators.ts';

const springfield = fixtureOrgs.springfield;
const TIME_ZONES = [{ id: 'America/Chicago', displayLabel: '(UTC-06:00) Central Time' }];
const form = buildSubscriptionsSchema(springfield.settings, { featureFlags: springfield.flags, timeZones: TIME_ZONES }, 'edit');

const TZ = 'ssp.controller.subscription.set.timezone';
const EQUAL = 'alertSubscription.dialog.content.equal';
const REQUIRED = 'jquery.validation.field.required';
const INVALID = 'jquery.validation.invalid';

const nights = { checked: true, startTime: '10:00', startMeridiem: 'PM', endTime: '06:00', endMeridiem: 'AM', timeZoneId: 'America/Chicago' };
const filled = { alerts: [121, 100], weather: ['TOR'], noDisturb: nights };
type Row = [string, Record<string, unknown>, [string, string][]];

describe('subscriptions, edit mode (§5 weather time)', () => {
  const rows: Row[] = [
    ['alerts, weather and quiet nights', filled, []],
    ['do-not-disturb off: nothing else asked', { ...filled, noDisturb: { checked: false } }, []],
    ['do-not-disturb off with stale equal times: not checked', { ...filled, noDisturb: { checked: false, startTime: '01:00', startMeridiem: 'AM', endTime: '01:00', endMeridiem: 'AM' } }, []],
    ['start equal to end', { ...filled, noDisturb: { ...nights, endTime: '10:00', endMeridiem: 'PM' } }, [['/noDisturb/endTime', EQUAL]]],
    ['same hour, other half of the day', { ...filled, noDisturb: { ...nights, endTime: '10:00', endMeridiem: 'AM' } }, []],
    ['no time zone', { ...filled, noDisturb: { ...nights, timeZoneId: undefined } }, [['/noDisturb/timeZoneId', TZ]]],
    ['an empty time zone', { ...filled, noDisturb: { ...nights, timeZoneId: '' } }, [['/noDisturb/timeZoneId', TZ]]],
    ['a time zone not offered', { ...filled, noDisturb: { ...nights, timeZoneId: 'Europe/Berlin' } }, [['/noDisturb/timeZoneId', INVALID]]],
    ['no start hour', { ...filled, noDisturb: { ...nights, startTime: undefined } }, [['/noDisturb/startTime', REQUIRED]]],
    ["'00:00' (hours run 01:00–12:00)", { ...filled, noDisturb: { ...nights, startTime: '00:00' } }, [['/noDisturb/startTime', INVALID]]],
    ["'12:00' PM", { ...filled, noDisturb: { ...nights, startTime: '12:00' } }, []],
    ["'noon' as a meridiem", { ...filled, noDisturb: { ...nights, endMeridiem: 'noon' } }, [['/noDisturb/endMeridiem', INVALID]]],
    ['a topic that is not a leaf of the tree', { ...filled, alerts: [120] }, [['/alerts/0', INVALID]]],
    ['a topic twice', { ...filled, alerts: [121, 121] }, [['/alerts', INVALID]]],
    ['a weather category not offered', { ...filled, weather: ['HUW'] }, [['/weather/0', INVALID]]],
    ['no weather category (not subscribed to weather)', { ...filled, weather: [] }, []],
  ];
  it.each(rows)('%s', (_name, data, expected) => expectSameErrors(form, data, expected));
});

describe('subscriptions, form shape', () => {
  it('has the alert tree, the weather categories and do-not-disturb for springfield, no groups without showGroupSubscription', () => {
    expect(form.uiSchema['ui:order']).toEqual(['alerts', 'weather', 'noDisturb']);
  });

  it('has no time zone without showAlertSubscriptionTimeZone, and the groups with showGroupSubscription', () => {
    const settings = resolveOrgSettings({ ...springfield.input, showAlertSubscriptionTimeZone: false, showGroupSubscription: true });
    const built = buildSubscriptionsSchema(settings, { featureFlags: springfield.flags, optInGroups: [{ id: 7, name: 'Volunteers', parentId: null }] }, 'edit');
    expect(built.uiSchema['ui:order']).toEqual(['alerts', 'weather', 'noDisturb', 'groups']);
    expectSameErrors(built, { ...filled, noDisturb: { ...nights, timeZoneId: undefined }, groups: [7] }, []);
    expectSameErrors(built, { ...filled, groups: [8] }, [['/groups/0', INVALID]]);
  });

  it('requires nothing in review mode', () => {
    const review = buildSubscriptionsSchema(springfield.settings, { featureFlags: springfield.flags, timeZones: TIME_ZONES }, 'review');
    expectSameErrors(review, { noDisturb: { checked: true } }, []);
  });
});
