/**
 * The incident-subscription calls of §7 (issue 13), through the real app on a real database: the
 * member and their groups, the cmdb topic search (published, ebTopics, groups), the topics followed
 * and the assignment, which accepts only topics offered to the member (by group) with the
 * subscriptions form's key at its pointer, keeps an unpublished topic followed before, and changes
 * nothing when refused. Every call is the signed-in member's own: a visitor, another member's
 * `contact` and a member of another organisation are refused 403 `member.notSelf`.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { IncidentContactAnswer, IncidentSearchAnswer } from '../../schemas/api/incidentSubscriptions.ts';
import { groupMembers, groups, incidentSubscriptions } from '../../server/db/schema.ts';
import { getAs, newMember, type Member } from '../support/profile.ts';
import { startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();

type Caller = Pick<Member, 'cookie' | 'csrfToken'>;

const search = (caller: Caller, orgId: string, body: object) => t.app.inject({
  method: 'POST', url: `/member-portal-gateway/api/cmdb/lookup/${orgId}/subscriptions/alerts/search`,
  headers: { cookie: caller.cookie, 'x-csrf-token': caller.csrfToken, 'content-type': 'application/json' }, payload: JSON.stringify(body),
});
const assign = (caller: Caller, orgId: string, contact: number, topicIds: string[] | string) => t.app.inject({
  method: 'PUT', url: `/rest/incident/subscription/assign?orgId=${orgId}`,
  headers: { cookie: caller.cookie, 'x-csrf-token': caller.csrfToken, 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ contact: String(contact), topicIds: typeof topicIds === 'string' ? topicIds : JSON.stringify(topicIds) }).toString(),
});
const followed = async (member: Member) => {
  const response = await getAs(t.app, member, `/rest/incident/subscription/topics?orgId=${member.orgId}&contact=${member.contactId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as string[];
};
const stored = (member: Member) => t.database.db.select().from(incidentSubscriptions)
  .where(and(eq(incidentSubscriptions.orgId, member.orgId), eq(incidentSubscriptions.contactId, member.contactId)));

/** Puts the member in acme's group `name`. */
async function joinGroup(member: Member, name: string) {
  const [group] = await t.database.db.select({ groupId: groups.groupId }).from(groups).where(and(eq(groups.orgId, 'acme'), eq(groups.name, name)));
  await t.database.db.insert(groupMembers).values({ orgId: 'acme', contactId: member.contactId, groupId: group!.groupId });
  return group!.groupId;
}

describe('incident subscriptions', () => {
  it('answers the member and their groups (§7 data.groupInfo.groupId)', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    const groupId = await joinGroup(member, 'Chemical safety team');
    const response = await getAs(t.app, member, '/rest/incident/subscription/contactIdAndGroupIds?orgId=acme');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'OK', type: 'success', data: { contactId: member.contactId, groupInfo: { groupId: [groupId] } } } satisfies IncidentContactAnswer);
  });

  // [what, body, topicIds answered] over acme's five demo topics.
  const searches: [string, object, string[]][] = [
    ['everything', {}, ['power-outage', 'it-major', 'chemical-spill', 'evacuation-drill', 'security']],
    ['the published ones', { published: true }, ['power-outage', 'it-major', 'chemical-spill', 'evacuation-drill']],
    ['the unpublished ones', { published: false }, ['security']],
    ['the ebTopics named', { ebTopics: ['it-major', 'security', 'nope'] }, ['it-major', 'security']],
    ['for no group: the topics for everyone', { published: true, groups: [] }, ['power-outage', 'it-major']],
  ];
  it.each(searches)('the cmdb search answers %s', async (_what, body, expected) => {
    const member = await newMember(t.app, t.database.db, 'acme');
    const response = await search(member, 'acme', body);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as IncidentSearchAnswer).data.map((topic) => topic.topicId)).toEqual(expected);
  });

  it('the cmdb search by a group answers its topics too', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    const groupId = await joinGroup(member, 'Floor wardens');
    const response = await search(member, 'acme', { published: true, groups: [groupId] });
    expect((response.json() as IncidentSearchAnswer).data.map((topic) => topic.name)).toEqual(['Power outages', 'Major IT incidents', 'Evacuation drills']);
  });

  it('assigns the offered topics (result true), answers them back, and keeps an unpublished one followed before', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    await joinGroup(member, 'Chemical safety team');
    await t.database.db.insert(incidentSubscriptions).values({ orgId: 'acme', contactId: member.contactId, topicId: 'security' });
    const response = await assign(member, 'acme', member.contactId, ['chemical-spill', 'power-outage']);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ result: 'true' });
    expect((await followed(member)).sort()).toEqual(['chemical-spill', 'power-outage', 'security']);
    await assign(member, 'acme', member.contactId, []);
    expect(await followed(member)).toEqual(['security']);
  });

  it('refuses a topic not offered to the member (another group\'s, unpublished, unknown) at its pointer, and changes nothing', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    await assign(member, 'acme', member.contactId, ['it-major']);
    const before = await stored(member);
    for (const topicIds of [['it-major', 'chemical-spill'], ['security'], ['nope']]) {
      const response = await assign(member, 'acme', member.contactId, topicIds);
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json() as { errorCode: string; errors: { pointer: string; key: string }[] };
      expect(body.errorCode).toBe('validation');
      expect(body.errors.map((error) => [error.pointer, error.key])).toEqual([[`/incidents/${topicIds.length - 1}`, 'jquery.validation.invalid']]);
    }
    const malformed = await assign(member, 'acme', member.contactId, '["it-major"');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errorCode: 'request.invalidBody' });
    expect(await stored(member)).toEqual(before);
  });

  it('is the member\'s own: a visitor, another member\'s contact and another organisation\'s member are refused, nothing changes', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    const other = await newMember(t.app, t.database.db, 'acme');
    const elsewhere = await newMember(t.app, t.database.db, 'springfield');
    const visitor = await startSession(t.app, 'acme');
    await assign(member, 'acme', member.contactId, ['it-major']);
    const before = await stored(member);
    const refusals = [
      await getAs(t.app, visitor, '/rest/incident/subscription/contactIdAndGroupIds?orgId=acme'),
      await getAs(t.app, elsewhere, '/rest/incident/subscription/contactIdAndGroupIds?orgId=acme'),
      await getAs(t.app, other, `/rest/incident/subscription/topics?orgId=acme&contact=${member.contactId}`),
      await getAs(t.app, elsewhere, `/rest/incident/subscription/topics?orgId=acme&contact=${member.contactId}`),
      await search(visitor, 'acme', {}),
      await search(elsewhere, 'acme', {}),
      await assign(other, 'acme', member.contactId, []),
      await assign(elsewhere, 'acme', member.contactId, []),
      await assign(visitor, 'acme', member.contactId, []),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(403);
    }
    expect(refusals.filter((response) => response.json().errorCode === 'member.notSelf')).toHaveLength(refusals.length);
    expect(await stored(member)).toEqual(before);
  });

  it('needs the CSRF token to assign, and answers 404 incidentSubscriptions.notShown where the organisation has none (springfield)', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    const noToken = await assign({ ...member, csrfToken: 'wrong' }, 'acme', member.contactId, ['it-major']);
    expect(noToken.statusCode).toBe(403);
    expect(await stored(member)).toEqual([]);
    const springfield = await newMember(t.app, t.database.db, 'springfield');
    const response = await getAs(t.app, springfield, '/rest/incident/subscription/contactIdAndGroupIds?orgId=springfield');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorCode: 'incidentSubscriptions.notShown' });
  });
});
