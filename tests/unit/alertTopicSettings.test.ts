/**
 * The organisation's alert topics (org-settings.schema.json `alertSubscriptions`; §3 alert tree
 * node): what the schema says and what the settings validator adds (services/orgSettingsValidator.ts
 * ALERT_TOPIC_KEYS), table-driven with the exact keys the admin page shows at each topic's field.
 */
import { describe, expect, it } from 'vitest';
import type { AlertTopic, OrgSettingsInput } from '../../schemas/orgSettings.ts';
import { ALERT_TOPIC_KEYS, validateOrgSettings } from '../../server/services/orgSettingsValidator.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';

const errorsOf = (alertSubscriptions: AlertTopic[]) => {
  const result = validateOrgSettings({ ...(fixtureOrgs.springfield.input as OrgSettingsInput), alertSubscriptions });
  return result.ok ? [] : result.errors.map((error) => [error.pointer, error.key]);
};

const weather: AlertTopic = { serviceId: 9, name: 'Weather', type: 'Weather', weatherCategoryList: ['TOR'] };
const rows: [string, AlertTopic[], [string, string][]][] = [
  ['a tree with a weather topic', [{ serviceId: 1, name: 'A' }, { serviceId: 2, name: 'B', parentServiceId: 1 }, weather], []],
  ['an id twice', [{ serviceId: 1, name: 'A' }, { serviceId: 1, name: 'B' }], [['/alertSubscriptions/1/serviceId', ALERT_TOPIC_KEYS.serviceIdTaken]]],
  ['a parent that is no topic', [{ serviceId: 1, name: 'A', parentServiceId: 7 }], [['/alertSubscriptions/0/parentServiceId', ALERT_TOPIC_KEYS.parentMissing]]],
  ['a topic under itself', [{ serviceId: 1, name: 'A', parentServiceId: 1 }], [['/alertSubscriptions/0/parentServiceId', ALERT_TOPIC_KEYS.parentMissing]]],
  ['a topic under the weather topic', [weather, { serviceId: 1, name: 'A', parentServiceId: 9 }], [['/alertSubscriptions/1/parentServiceId', ALERT_TOPIC_KEYS.parentMissing]]],
  ['a cycle', [{ serviceId: 1, name: 'A', parentServiceId: 2 }, { serviceId: 2, name: 'B', parentServiceId: 1 }], [
    ['/alertSubscriptions/0/parentServiceId', ALERT_TOPIC_KEYS.tooDeep], ['/alertSubscriptions/1/parentServiceId', ALERT_TOPIC_KEYS.tooDeep],
  ]],
  ['five levels', [1, 2, 3, 4, 5].map((id) => ({ serviceId: id, name: `L${id}`, ...(id > 1 ? { parentServiceId: id - 1 } : {}) })), []],
  ['six levels', [1, 2, 3, 4, 5, 6].map((id) => ({ serviceId: id, name: `L${id}`, ...(id > 1 ? { parentServiceId: id - 1 } : {}) })), [
    ['/alertSubscriptions/5/parentServiceId', ALERT_TOPIC_KEYS.tooDeep],
  ]],
  ['two weather topics', [weather, { ...weather, serviceId: 10 }], [['/alertSubscriptions/1/type', ALERT_TOPIC_KEYS.weatherOnce]]],
  ['a weather topic below the top', [{ serviceId: 1, name: 'A' }, { ...weather, parentServiceId: 1 }], [['/alertSubscriptions/1/type', ALERT_TOPIC_KEYS.weatherPlace]]],
  ['a weather topic offering nothing', [{ ...weather, weatherCategoryList: [] }], [['/alertSubscriptions/0/weatherCategoryList', ALERT_TOPIC_KEYS.weatherCategories]]],
  ['a category that is no National Weather Service code', [{ ...weather, weatherCategoryList: ['XYZ' as 'TOR'] }], [['/alertSubscriptions/0/weatherCategoryList/0', 'jquery.validation.invalid']]],
  ['a blank name', [{ serviceId: 1, name: '  ' }], [['/alertSubscriptions/0/name', 'jquery.validation.field.required']]],
];

describe('alert topic settings', () => {
  it.each(rows)('%s', (_name, topics, expected) => expect(errorsOf(topics)).toEqual(expected));

  it('the demo organisations\' topics pass', () => {
    for (const org of ['springfield', 'acme', 'fedagency'] as const) expect(validateOrgSettings(fixtureOrgs[org].input)).toMatchObject({ ok: true });
  });
});
