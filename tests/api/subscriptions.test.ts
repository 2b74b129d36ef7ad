/**
 * The subscription domain of §7 (issue 13 "Subscriptions", server side): `GET`/`POST
 * /{orgId}/{contactId}/subscriptions` (form `rs`, `rsNodisturb`; status 'yes') and `GET`/`PUT
 * …/groupSubscriptions` (result true), through the real app on a real database: the tree rules of
 * §4 as the server applies them, mandatory topics, the weather categories, §5's weather-time keys
 * at their pointers (table-driven), unknown and malformed input refused with an errorCode and
 * nothing changed, and groups that are not open to opting in. Who may call these at all is the
 * member scope's matrix (memberScope.authorization.test.ts).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AlertNode, GroupSubscriptionsAnswer, NoDisturbInput, SubscriptionsAnswer } from '../../schemas/api/subscriptions.ts';
import { groups } from '../../server/db/schema.ts';
import { getAs, newMember, type Member } from '../support/profile.ts';
import { postSubscriptions, putGroupSubscriptions, storedSubscriptions } from '../support/subscriptions.ts';
import { useTestApp } from '../support/testApp.ts';

const t = useTestApp();

const read = async (member: Member) => {
  const response = await getAs(t.app, member, `/${member.orgId}/${member.contactId}/subscriptions`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SubscriptionsAnswer;
};
const walk = (nodes: readonly AlertNode[]): AlertNode[] => nodes.flatMap((node) => [node, ...walk(node.nodes)]);
/** Each node as `serviceId:state`, in the tree's order. */
const states = (answer: SubscriptionsAnswer) => walk(answer.alertTree).map((node) => `${node.serviceId}:${node.checked ? 'on' : 'off'}`);
const weatherOf = (answer: SubscriptionsAnswer) => walk(answer.alertTree).find((node) => node.type === 'Weather')!;
const chosenWeather = (answer: SubscriptionsAnswer) => weatherOf(answer).weatherCategoryList!.filter((c) => c.checked).map((c) => c.category);

const QUIET_NIGHTS: NoDisturbInput = { checked: true, startTime: '10:00', startMeridiem: 'PM', endTime: '06:00', endMeridiem: 'AM', timeZoneId: 'America/Chicago' };

describe('GET /{orgId}/{contactId}/subscriptions', () => {
  it('answers springfield\'s tree (§3 nodes) with only the mandatory topic checked and disabled, the Weather node with its categories; never cached', async () => {
    const member = await newMember(t.app, t.database.db, 'springfield');
    const response = await getAs(t.app, member, `/springfield/${member.contactId}/subscriptions`);
    expect(response.headers['cache-control']).toContain('no-store');
    const answer = response.json() as SubscriptionsAnswer;
    expect(answer.alertTree.map(({ serviceId, name, type, level, leaf, mandatory, disabled, checked }) =>
      [serviceId, name, type, level, leaf, mandatory, disabled, checked])).toEqual([
      [100, 'Emergency alerts', 'Standard', 1, true, true, true, true],
      [110, 'Weather', 'Weather', 1, true, false, false, false],
      [120, 'City services', 'Standard', 1, false, false, false, false],
      [130, 'Community', 'Standard', 1, false, false, false, false],
    ]);
    expect(answer.alertTree[2]!.nodes.map((node) => [node.serviceId, node.level, node.leaf])).toEqual([[121, 2, true], [122, 2, true], [123, 2, true]]);
    expect(weatherOf(answer).weatherCategoryList).toHaveLength(10);
    expect(answer.nodisturb).toBeNull();
    expect(answer.showTimeZone).toBe(true);
    expect(answer.timezones.length).toBeGreaterThan(10);
  });

  it('answers 404 subscriptions.notShown where alert subscriptions are off (campus)', async () => {
    const member = await newMember(t.app, t.database.db, 'campus');
    const response = await getAs(t.app, member, `/campus/${member.contactId}/subscriptions`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorCode: 'subscriptions.notShown' });
  });
});

describe('POST /{orgId}/{contactId}/subscriptions: §4 tree rules as the server applies them', () => {
  // Each case: the changes sent after starting from nothing, and the states that follow.
  const cases: { name: string; subs: { serviceId: number; checked: boolean }[]; on: number[] }[] = [
    { name: 'a parent checks all its children, and is checked', subs: [{ serviceId: 120, checked: true }], on: [100, 120, 121, 122, 123] },
    { name: 'one child leaves the parent unchecked', subs: [{ serviceId: 131, checked: true }], on: [100, 131] },
    { name: 'all children check the parent', subs: [131, 132, 133].map((serviceId) => ({ serviceId, checked: true })), on: [100, 130, 131, 132, 133] },
    { name: 'a deeper entry wins over its parent\'s', subs: [{ serviceId: 120, checked: true }, { serviceId: 122, checked: false }], on: [100, 121, 123] },
    { name: 'the mandatory topic stays checked when unchecked', subs: [{ serviceId: 100, checked: false }], on: [100] },
  ];
  it.each(cases)('$name', async ({ subs, on }) => {
    const member = await newMember(t.app, t.database.db, 'springfield');
    const response = await postSubscriptions(t.app, member, subs);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'yes' });
    const answer = await read(member);
    expect(walk(answer.alertTree).filter((node) => node.checked && node.type !== 'Weather').map((node) => node.serviceId)).toEqual(on);
  });

  it('keeps what a save does not name, and unchecking a parent unchecks its children', async () => {
    const member = await newMember(t.app, t.database.db, 'springfield');
    await postSubscriptions(t.app, member, [{ serviceId: 120, checked: true }, { serviceId: 131, checked: true }]);
    await postSubscriptions(t.app, member, [{ serviceId: 120, checked: false }]);
    expect(states(await read(member)).filter((state) => state.endsWith(':on'))).toEqual(['100:on', '131:on']);
  });

  it('stores the Weather topic\'s chosen categories and no-disturb, answers them back, and clears them on unchecking', async () => {
    const member = await newMember(t.app, t.database.db, 'springfield');
    let response = await postSubscriptions(t.app, member, [{ serviceId: 110, checked: true, weatherCategoryList: ['TOR', 'SVR'] }], QUIET_NIGHTS);
    expect(response.statusCode, response.body).toBe(200);
    let answer = await read(member);
    expect(weatherOf(answer).checked).toBe(true);
    expect(chosenWeather(answer)).toEqual(['TOR', 'SVR']);
    expect(answer.nodisturb).toEqual(QUIET_NIGHTS);
    // Turning do-not-disturb off keeps the hours for next time.
    response = await postSubscriptions(t.app, member, [{ serviceId: 110, checked: false }], { checked: false });
    expect(response.statusCode, response.body).toBe(200);
    answer = await read(member);
    expect(weatherOf(answer).checked).toBe(false);
    expect(chosenWeather(answer)).toEqual([]);
    expect(answer.nodisturb).toEqual({ ...QUIET_NIGHTS, checked: false });
  });

  it('keeps no zone where the organisation asks for none (acme): the member\'s own applies', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    const response = await postSubscriptions(t.app, member, [{ serviceId: 230, checked: true }], { ...QUIET_NIGHTS, timeZoneId: 'Europe/Berlin' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await read(member)).nodisturb).toEqual({ ...QUIET_NIGHTS, timeZoneId: '' });
  });

  it('checking the Weather topic without categories chooses all it offers', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    await postSubscriptions(t.app, member, [{ serviceId: 230, checked: true }]);
    expect(chosenWeather(await read(member))).toEqual(['TOR', 'SVR', 'FFW', 'WSW', 'HWW']);
  });
});

describe('POST /{orgId}/{contactId}/subscriptions refuses, and changes nothing', () => {
  const withTimes = (changes: Partial<NoDisturbInput>): NoDisturbInput => ({ ...QUIET_NIGHTS, ...changes });
  // §5 "Weather time: time zone required ('ssp.controller.subscription.set.timezone'); start and end differ ('alertSubscription.dialog.content.equal')".
  const rules: { name: string; noDisturb: NoDisturbInput; pointer: string; key: string }[] = [
    { name: 'start equal to end', noDisturb: withTimes({ endTime: '10:00', endMeridiem: 'PM' }), pointer: '/noDisturb/endTime', key: 'alertSubscription.dialog.content.equal' },
    { name: 'no time zone', noDisturb: withTimes({ timeZoneId: undefined }), pointer: '/noDisturb/timeZoneId', key: 'ssp.controller.subscription.set.timezone' },
    { name: 'an empty time zone', noDisturb: withTimes({ timeZoneId: '' }), pointer: '/noDisturb/timeZoneId', key: 'ssp.controller.subscription.set.timezone' },
    { name: 'a time zone not offered', noDisturb: withTimes({ timeZoneId: 'Mars/Olympus_Mons' }), pointer: '/noDisturb/timeZoneId', key: 'jquery.validation.invalid' },
    { name: 'an hour outside 01:00–12:00', noDisturb: withTimes({ startTime: '13:00' }), pointer: '/noDisturb/startTime', key: 'jquery.validation.invalid' },
    { name: 'a half hour', noDisturb: withTimes({ endTime: '06:30' }), pointer: '/noDisturb/endTime', key: 'jquery.validation.invalid' },
    { name: 'a missing end hour', noDisturb: withTimes({ endTime: undefined }), pointer: '/noDisturb/endTime', key: 'jquery.validation.field.required' },
  ];
  it.each(rules)('§5: $name → $key at $pointer', async ({ noDisturb, pointer, key }) => {
    const member = await newMember(t.app, t.database.db, 'springfield');
    await postSubscriptions(t.app, member, [{ serviceId: 121, checked: true }]);
    const before = await storedSubscriptions(t.database.db, 'springfield', member.contactId);
    const response = await postSubscriptions(t.app, member, [{ serviceId: 110, checked: true, weatherCategoryList: ['TOR'] }], noDisturb);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { errorCode: string; errors: { pointer: string; key: string }[] };
    expect(body.errorCode).toBe('validation');
    expect(body.errors.map((error) => [error.pointer, error.key])).toContainEqual([pointer, key]);
    expect(await storedSubscriptions(t.database.db, 'springfield', member.contactId)).toEqual(before);
  });

  const malformed: { name: string; subs: unknown; errorCode: string }[] = [
    { name: 'a serviceId the organisation does not have', subs: [{ serviceId: 999, checked: true }], errorCode: 'request.invalid' },
    { name: 'another organisation\'s topic', subs: [{ serviceId: 211, checked: true }], errorCode: 'request.invalid' },
    { name: 'a weather category not offered', subs: [{ serviceId: 110, checked: true, weatherCategoryList: ['HUW'] }], errorCode: 'request.invalid' },
    { name: 'a serviceId named twice', subs: [{ serviceId: 121, checked: true }, { serviceId: 121, checked: false }], errorCode: 'request.invalid' },
    { name: 'serviceId 0', subs: [{ serviceId: 0, checked: true }], errorCode: 'request.invalid' },
    { name: 'checked not a boolean', subs: [{ serviceId: 121, checked: 'maybe' }], errorCode: 'request.invalid' },
  ];
  it.each(malformed)('$name → 400 $errorCode', async ({ subs, errorCode }) => {
    const member = await newMember(t.app, t.database.db, 'springfield');
    const response = await postSubscriptions(t.app, member, subs as never);
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { errorCode: string }).errorCode).toBe(errorCode);
    expect((await storedSubscriptions(t.database.db, 'springfield', member.contactId)).subscriptions).toEqual([]);
  });

  it('rs that is not JSON → 400 request.invalidBody', async () => {
    const member = await newMember(t.app, t.database.db, 'springfield');
    const response = await postSubscriptions(t.app, member, '{"subs": [');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'request.invalidBody' });
  });

  it('a save without the CSRF token → 403, nothing stored', async () => {
    const member = await newMember(t.app, t.database.db, 'springfield');
    const response = await postSubscriptions(t.app, { ...member, csrfToken: 'wrong' }, [{ serviceId: 121, checked: true }]);
    expect(response.statusCode).toBe(403);
    expect((await storedSubscriptions(t.database.db, 'springfield', member.contactId)).subscriptions).toEqual([]);
  });
});

describe('/{orgId}/{contactId}/groupSubscriptions', () => {
  const optInIds = async (orgId: string) => Object.fromEntries((await t.database.db.select({ id: groups.groupId, name: groups.name }).from(groups)
    .where(and(eq(groups.orgId, orgId), eq(groups.optIn, true)))).map((group) => [group.name, group.id]));

  it('answers acme\'s opt-in groups as a tree (§3 id, name, level, groups) and the member\'s; joins and leaves them (result true)', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    const ids = await optInIds('acme');
    let response = await getAs(t.app, member, `/acme/${member.contactId}/groupSubscriptions`);
    expect(response.statusCode, response.body).toBe(200);
    let answer = response.json() as GroupSubscriptionsAnswer;
    expect(answer.groups.map((group) => [group.name, group.level, group.groups.map((child) => [child.name, child.level])])).toEqual([
      ['Carpool', 1, []],
      ['Emergency response team', 1, [['First aid responders', 2], ['Floor wardens', 2]]],
      ['Social club', 1, []],
    ]);
    expect(answer.selectedGroupIds).toEqual([]);

    response = await putGroupSubscriptions(t.app, member, { addGroups: [ids['Carpool']!, ids['Floor wardens']!] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ result: true });
    response = await putGroupSubscriptions(t.app, member, { addGroups: [ids['Social club']!], removeGroups: [ids['Carpool']!] });
    expect(response.json()).toEqual({ result: true });
    answer = (await getAs(t.app, member, `/acme/${member.contactId}/groupSubscriptions`)).json() as GroupSubscriptionsAnswer;
    expect(answer.selectedGroupIds.sort()).toEqual([ids['Floor wardens']!, ids['Social club']!].sort());
  });

  it('refuses a group that is not open to opting in, one added and removed at once, and another organisation\'s; nothing changes', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    const ids = await optInIds('acme');
    await putGroupSubscriptions(t.app, member, { addGroups: [ids['Carpool']!] });
    const before = await storedSubscriptions(t.database.db, 'acme', member.contactId);
    const [closed] = await t.database.db.insert(groups).values({ orgId: 'acme', name: `Board ${member.contactId}`, optIn: false }).returning({ id: groups.groupId });
    const [elsewhere] = await t.database.db.insert(groups).values({ orgId: 'springfield', name: `Elsewhere ${member.contactId}`, optIn: true }).returning({ id: groups.groupId });
    for (const body of [{ addGroups: [closed!.id] }, { removeGroups: [ids['Carpool']!], addGroups: [ids['Carpool']!] }, { addGroups: [elsewhere!.id] }]) {
      const response = await putGroupSubscriptions(t.app, member, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'request.invalid' });
    }
    expect(await storedSubscriptions(t.database.db, 'acme', member.contactId)).toEqual(before);
  });

  it('answers 404 groupSubscriptions.notShown where group subscriptions are off (springfield)', async () => {
    const member = await newMember(t.app, t.database.db, 'springfield');
    const response = await getAs(t.app, member, `/springfield/${member.contactId}/groupSubscriptions`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorCode: 'groupSubscriptions.notShown' });
  });
});
