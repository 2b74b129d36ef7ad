/**
 * §2 home's group-membership list: `GET /{orgId}/{contactId}/groupMemberships?pageNo&pageSize`
 * through the real app on a real database: by name, 10 a page, bounded page sizes, a bad query
 * refused with an errorCode, the list only where the organisation shows it, and the demo member of
 * acme in their twelve groups. Who may call it at all is the member scope's matrix.
 */
import { describe, expect, it } from 'vitest';
import { GROUP_PAGE_SIZE, MAX_GROUP_PAGE_SIZE, type GroupMembershipsAnswer } from '../../schemas/api/groupMemberships.ts';
import { joinGroups } from '../../server/repositories/groups.ts';
import { getAs, newMember } from '../support/profile.ts';
import { signInAsDemoMember, startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();

const NAMES = Array.from({ length: 23 }, (_, index) => `Group ${String(index + 1).padStart(2, '0')}`);

describe('GET /{orgId}/{contactId}/groupMemberships', () => {
  it('pages the member\'s groups by name, 10 a page by default; a page past the last is empty', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    await joinGroups(t.database.db, 'acme', member.contactId, [...NAMES].reverse());
    const page = async (query: string) => {
      const response = await getAs(t.app, member, `/acme/${member.contactId}/groupMemberships${query}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toContain('no-store');
      return response.json() as GroupMembershipsAnswer;
    };
    const first = await page('');
    expect([first.total, first.pageNo, first.pageSize]).toEqual([23, 1, GROUP_PAGE_SIZE]);
    expect(first.list.map((group) => group.groupName)).toEqual(NAMES.slice(0, 10));
    expect((await page('?pageNo=3')).list.map((group) => group.groupName)).toEqual(NAMES.slice(20));
    expect((await page('?pageNo=2&pageSize=5')).list.map((group) => group.groupName)).toEqual(NAMES.slice(5, 10));
    expect(await page('?pageNo=4')).toEqual({ total: 23, pageNo: 4, pageSize: 10, list: [] });
  });

  it('answers an empty list for a member in no group', async () => {
    const member = await newMember(t.app, t.database.db, 'acme');
    expect((await getAs(t.app, member, `/acme/${member.contactId}/groupMemberships`)).json()).toEqual({ total: 0, pageNo: 1, pageSize: 10, list: [] });
  });

  it.each([
    ['pageNo=0'], ['pageNo=-1'], ['pageNo=abc'], [`pageSize=${MAX_GROUP_PAGE_SIZE + 1}`], ['pageSize=0'], ['pageNo=1.5'],
  ])('refuses ?%s with 400 and an errorCode', async (query) => {
    const member = await newMember(t.app, t.database.db, 'acme');
    const response = await getAs(t.app, member, `/acme/${member.contactId}/groupMemberships?${query}`);
    expect(response.statusCode).toBe(400);
    expect(typeof (response.json() as { errorCode?: unknown }).errorCode).toBe('string');
  });

  it('is 404 groupMembership.notShown where the organisation does not show the list (springfield)', async () => {
    const member = await newMember(t.app, t.database.db, 'springfield');
    const response = await getAs(t.app, member, `/springfield/${member.contactId}/groupMemberships`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorCode: 'groupMembership.notShown' });
  });

  it('shows the demo member of acme in their twelve groups', async () => {
    const session = await startSession(t.app, 'acme');
    const contactId = await signInAsDemoMember(t.database, 'acme', session.sessionToken);
    const answer = (await getAs(t.app, session, `/acme/${contactId}/groupMemberships`)).json() as GroupMembershipsAnswer;
    expect(answer.total).toBe(12);
    expect(answer.list[0]!.groupName).toBe('All staff');
  });
});
