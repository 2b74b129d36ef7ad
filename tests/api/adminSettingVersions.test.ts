/**
 * Issue 11: the last versions of an organisation's settings, kept with who saved them, listed
 * newest first and put back by a revert, which saves the old settings as a new version through the
 * save path (same optimistic-version check, same cache invalidation).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizations, settingVersions } from '../../server/db/schema.ts';
import { SETTINGS_VERSIONS_KEPT } from '../../server/repositories/settingVersions.ts';
import { DEMO_ADMIN_PASSWORD, ensureAdmin } from '../../server/services/admins.ts';
import { signInAdmin, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
beforeAll(async () => {
  await ensureAdmin(t.database.db, DEMO_ADMIN_PASSWORD);
});

const signIn = () => signInAdmin(t.app);

type Session = Awaited<ReturnType<typeof signIn>>;
const stored = async (orgId: string) => (await t.database.db.select().from(organizations).where(eq(organizations.orgId, orgId)))[0]!;
const keptRows = async (orgId: string) => t.database.db.select().from(settingVersions).where(eq(settingVersions.orgId, orgId));

const save = (session: Session, orgId: string, settings: object, settingsVersion: number) => t.app.inject({
  method: 'PUT', url: `/admin/api/orgs/${orgId}/settings`, headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
  payload: { settings, settingsVersion },
});
const versions = (session: Session, orgId: string) => t.app.inject({ url: `/admin/api/orgs/${orgId}/settings/versions`, headers: { cookie: session.cookie } });
const revert = (session: Session, orgId: string, version: number, settingsVersion: number, headers: Record<string, string> = { cookie: session.cookie, 'x-csrf-token': session.csrfToken }) =>
  t.app.inject({ method: 'POST', url: `/admin/api/orgs/${orgId}/settings/versions/${version}/revert`, headers, payload: { settingsVersion } });

describe('setting versions', () => {
  it('keeps each save with who saved it, and the version it replaced, listed newest first', async () => {
    const session = await signIn();
    const before = await stored('acme');
    expect((await versions(session, 'acme')).json()).toEqual({ settingsVersion: before.settingsVersion, versions: [] });

    expect((await save(session, 'acme', { ...before.settings, orgName: 'Acme Two' }, before.settingsVersion)).statusCode).toBe(200);
    const listed = (await versions(session, 'acme')).json();
    expect(listed.settingsVersion).toBe(before.settingsVersion + 1);
    expect(listed.versions.map((v: { version: number; savedBy: string | null }) => [v.version, v.savedBy])).toEqual([
      [before.settingsVersion + 1, 'admin'],
      [before.settingsVersion, null],
    ]);
    expect(listed.versions[0].settings.orgName).toBe('Acme Two');
    expect(listed.versions[1].settings).toEqual(before.settings);
    expect(Date.parse(listed.versions[0].savedAt)).not.toBeNaN();
  });

  it(`keeps only the last ${SETTINGS_VERSIONS_KEPT}, dropping the oldest`, async () => {
    const session = await signIn();
    const first = await stored('campus');
    let version = first.settingsVersion;
    for (let i = 1; i <= SETTINGS_VERSIONS_KEPT + 2; i += 1) {
      const response = await save(session, 'campus', { ...first.settings, minSignup: i % 10 }, version);
      expect(response.statusCode).toBe(200);
      version = response.json().settingsVersion;
    }
    const listed = (await versions(session, 'campus')).json();
    expect(listed.versions).toHaveLength(SETTINGS_VERSIONS_KEPT);
    expect(listed.versions.map((v: { version: number }) => v.version)).toEqual(Array.from({ length: SETTINGS_VERSIONS_KEPT }, (_, i) => version - i));
    expect(await keptRows('campus')).toHaveLength(SETTINGS_VERSIONS_KEPT);
  });

  it('reverts: the old settings are saved again as a new version, by whom, and the portal sees them at once', async () => {
    const session = await signIn();
    const before = await stored('paused');
    const saved = await save(session, 'paused', { ...before.settings, showWeather: true }, before.settingsVersion);
    const savedVersion = saved.json().settingsVersion as number;
    expect((await t.app.inject({ url: '/rest/init?orgId=paused' })).json().navConfig.showWeather).toBe(true);

    const response = await revert(session, 'paused', before.settingsVersion, savedVersion);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', settingsVersion: savedVersion + 1 });
    const after = await stored('paused');
    expect(after.settings).toEqual(before.settings);
    expect(after.settingsVersion).toBe(savedVersion + 1);
    // The organisation cache forgot the organisation: the portal reads the reverted settings.
    expect((await t.app.inject({ url: '/rest/init?orgId=paused' })).json().navConfig.showWeather).toBeFalsy();
    const listed = (await versions(session, 'paused')).json();
    expect(listed.versions[0]).toMatchObject({ version: savedVersion + 1, savedBy: 'admin', settings: before.settings });
  });

  it('refuses a revert made on a stale version with 409, changing nothing', async () => {
    const session = await signIn();
    const before = await stored('springfield');
    const saved = (await save(session, 'springfield', { ...before.settings, showFAQs: true }, before.settingsVersion)).json().settingsVersion as number;
    const rowsBefore = await keptRows('springfield');
    const response = await revert(session, 'springfield', before.settingsVersion, saved - 1);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errorCode: 'settings.conflict', settingsVersion: saved });
    const after = await stored('springfield');
    expect(after.settingsVersion).toBe(saved);
    expect(after.settings.showFAQs).toBe(true);
    expect(await keptRows('springfield')).toEqual(rowsBefore);
  });

  it('answers 404 for a version not kept and for an unknown organisation', async () => {
    const session = await signIn();
    const { settingsVersion } = await stored('fedagency');
    const missing = await revert(session, 'fedagency', 999, settingsVersion);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('settings.version.notFound');
    expect((await versions(session, 'nowhere')).statusCode).toBe(404);
    expect((await revert(session, 'nowhere', 1, 1)).statusCode).toBe(404);
  });

  it('refuses without an administrator session (401) or without the CSRF token (403)', async () => {
    const session = await signIn();
    const { settingsVersion } = await stored('acme');
    expect((await t.app.inject({ url: '/admin/api/orgs/acme/settings/versions' })).statusCode).toBe(401);
    const anonymous = await revert(session, 'acme', 1, settingsVersion, {});
    expect(anonymous.statusCode).toBe(401);
    const noCsrf = await revert(session, 'acme', 1, settingsVersion, { cookie: session.cookie });
    expect(noCsrf.statusCode).toBe(403);
    expect((await stored('acme')).settingsVersion).toBe(settingsVersion);
  });
});

describe('the session call', () => {
  it('answers 200 with no username when nobody is signed in (no failed request on a signed-out visit)', async () => {
    const response = await t.app.inject({ url: '/admin/api/session' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: null });
  });
});
