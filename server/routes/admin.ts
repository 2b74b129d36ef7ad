/**
 * The admin API behind the live preview (issue 3): administrators sign in with their own session
 * (cookie SSPADMIN on /admin, argon2id passwords, CSRF token on every write), list organisations,
 * read an organisation's stored settings and write them back — validated against
 * schemas/org-settings.schema.json, refused whole (400, nothing saved) when invalid, and refused
 * (409) when someone else saved in between.
 */
import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FORM_BUILDERS, type FormName } from '../../schemas/forms/formBuilders.ts';
import { previewFlags } from '../../schemas/forms/previewFlags.ts';
import type { FormMode } from '../../schemas/forms/types.ts';
import type { OrgSettingsInput } from '../../schemas/orgSettings.ts';
import { resolveOrgSettings } from '../../schemas/orgSettings.ts';
import type { Db } from '../db/client.ts';
import { adminSessions, admins, organizations } from '../db/schema.ts';
import { hashToken, sameToken } from '../plugins/session.ts';
import { findFeatureFlags } from '../repositories/organizations.ts';
import { validateOrgSettings } from '../services/orgSettingsValidator.ts';
import { orgIdParams } from './shared.ts';
import { checkSubmission } from '../services/formSubmissions.ts';
import { validationFailure } from '../services/formValidator.ts';

export const ADMIN_COOKIE = 'SSPADMIN';
const ADMIN_TTL_MS = 8 * 60 * 60 * 1000;
/** Verified when the username is unknown, so a wrong name costs the same time as a wrong password. */
const DUMMY_HASH = argon2.hash('not a password', { type: argon2.argon2id });

interface AdminSession {
  username: string;
  csrfToken: string;
  sessionHash: string;
}

/**
 * The administrator of a request, and the preHandler that insists on one (on writes also the
 * matching X-CSRF-TOKEN). Shared with the other /admin/api route files.
 */
export function adminGuard(db: Db) {
  async function currentAdmin(request: FastifyRequest): Promise<AdminSession | null> {
    const token = request.cookies[ADMIN_COOKIE];
    if (!token) return null;
    const [row] = await db.select().from(adminSessions)
      .where(and(eq(adminSessions.sessionHash, hashToken(token)), gt(adminSessions.expiresAt, new Date())));
    return row ? { username: row.username, csrfToken: row.csrfToken, sessionHash: row.sessionHash } : null;
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
    const admin = await currentAdmin(request);
    if (!admin) return reply.code(401).send({ errorCode: 'admin.signInRequired' });
    if (request.method !== 'GET') {
      const sent = request.headers['x-csrf-token'];
      if (typeof sent !== 'string' || !sameToken(sent, admin.csrfToken)) return reply.code(403).send({ errorCode: 'csrf.invalid' });
    }
  }
  return { currentAdmin, requireAdmin };
}

export default async function adminRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const { currentAdmin, requireAdmin } = adminGuard(db);

  app.post<{ Body: { username: string; password: string } }>('/admin/api/login', {
    schema: {
      body: {
        type: 'object', required: ['username', 'password'], additionalProperties: false,
        properties: { username: { type: 'string', minLength: 1, maxLength: 80 }, password: { type: 'string', minLength: 1, maxLength: 128 } },
      },
    },
  }, async (request, reply) => {
    const [admin] = await db.select().from(admins).where(eq(admins.username, request.body.username));
    const valid = await argon2.verify(admin?.passwordHash ?? (await DUMMY_HASH), request.body.password);
    if (!admin || !valid) return reply.code(401).send({ errorCode: 'admin.login.invalid' });
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    await db.insert(adminSessions).values({
      sessionHash: hashToken(token), username: admin.username, csrfToken, expiresAt: new Date(Date.now() + ADMIN_TTL_MS),
    });
    reply.setCookie(ADMIN_COOKIE, token, {
      path: '/admin', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', maxAge: ADMIN_TTL_MS / 1000,
    });
    return { username: admin.username, csrfToken };
  });

  app.get('/admin/api/session', async (request, reply) => {
    const admin = await currentAdmin(request);
    if (!admin) return reply.code(401).send({ errorCode: 'admin.signInRequired' });
    return { username: admin.username, csrfToken: admin.csrfToken };
  });

  app.post('/admin/api/logout', { preHandler: requireAdmin }, async (request, reply) => {
    const admin = await currentAdmin(request);
    await db.delete(adminSessions).where(eq(adminSessions.sessionHash, admin!.sessionHash));
    reply.clearCookie(ADMIN_COOKIE, { path: '/admin' });
    return { status: 'ok' };
  });

  app.get('/admin/api/orgs', { preHandler: requireAdmin }, async () => {
    const rows = await db.select().from(organizations).orderBy(organizations.orgId);
    return { organizations: rows.map((row) => ({ orgId: row.orgId, orgName: row.settings.orgName, settingsVersion: row.settingsVersion })) };
  });

  app.get<{ Params: { orgId: string } }>('/admin/api/orgs/:orgId/settings', {
    schema: { params: orgIdParams }, preHandler: requireAdmin,
  }, async (request, reply) => {
    const [row] = await db.select().from(organizations).where(eq(organizations.orgId, request.params.orgId));
    if (!row) return reply.code(404).send({ errorCode: 'org.notFound' });
    return {
      orgId: row.orgId,
      settings: row.settings,
      resolved: resolveOrgSettings(row.settings),
      settingsVersion: row.settingsVersion,
      featureFlags: await findFeatureFlags(db, row.orgId),
    };
  });

  app.put<{ Params: { orgId: string }; Body: { settings: unknown; settingsVersion: number } }>('/admin/api/orgs/:orgId/settings', {
    schema: {
      params: orgIdParams,
      body: {
        type: 'object', required: ['settings', 'settingsVersion'], additionalProperties: false,
        properties: { settings: { type: 'object' }, settingsVersion: { type: 'integer', minimum: 1 } },
      },
    },
    preHandler: requireAdmin,
  }, async (request, reply) => {
    const checked = validateOrgSettings(request.body.settings);
    if (!checked.ok) return reply.code(400).send(validationFailure(checked.errors));
    const updated = await db.update(organizations)
      .set({ settings: checked.settings as OrgSettingsInput, settingsVersion: sql`${organizations.settingsVersion} + 1`, updatedAt: new Date() })
      .where(and(eq(organizations.orgId, request.params.orgId), eq(organizations.settingsVersion, request.body.settingsVersion)))
      .returning({ settingsVersion: organizations.settingsVersion });
    if (updated.length === 0) {
      const [exists] = await db.select({ v: organizations.settingsVersion }).from(organizations).where(eq(organizations.orgId, request.params.orgId));
      return exists
        ? reply.code(409).send({ errorCode: 'settings.conflict', settingsVersion: exists.v })
        : reply.code(404).send({ errorCode: 'org.notFound' });
    }
    return { status: 'ok', settingsVersion: updated[0]!.settingsVersion };
  });

  /**
   * The preview's server check: validates a filled-in preview form with the settings being edited
   * (not yet saved), through the same builder and validator a member's submission goes through.
   */
  app.post<{ Params: { orgId: string; form: FormName }; Body: { settings: unknown; mode: FormMode; data: unknown } }>(
    '/admin/api/orgs/:orgId/forms/:form/validate',
    {
      schema: {
        params: { type: 'object', required: ['orgId', 'form'], properties: { ...orgIdParams.properties, form: { enum: Object.keys(FORM_BUILDERS) } } },
        body: {
          type: 'object', required: ['settings', 'mode', 'data'], additionalProperties: false,
          properties: { settings: { type: 'object' }, mode: { enum: ['signup', 'edit', 'review'] }, data: {} },
        },
      },
      preHandler: requireAdmin,
    },
    async (request, reply) => {
      const checked = validateOrgSettings(request.body.settings);
      if (!checked.ok) return reply.code(400).send(validationFailure(checked.errors));
      const [row] = await db.select().from(organizations).where(eq(organizations.orgId, request.params.orgId));
      if (!row) return reply.code(404).send({ errorCode: 'org.notFound' });
      const { form, orgId } = request.params;
      if (!(FORM_BUILDERS[form].modes as readonly FormMode[]).includes(request.body.mode)) {
        return reply.code(400).send({ errorCode: 'request.invalid', message: `${form} has no ${request.body.mode} mode` });
      }
      const settings = resolveOrgSettings(checked.settings);
      const flags = previewFlags(settings, await findFeatureFlags(db, orgId));
      // Edited settings have no version yet: their digest keeps their compiled validators apart.
      const digest = createHash('sha1').update(JSON.stringify(checked.settings)).digest('base64url');
      const preview = { orgId: `${orgId}~preview~${digest}`, settings, settingsVersion: row.settingsVersion };
      const result = checkSubmission(preview, form, request.body.mode, flags, request.body.data);
      return result.ok ? { status: 'ok' } : reply.code(400).send(validationFailure(result.errors));
    },
  );
}

/** Creates or updates the administrator `admin` (demo mode: the demo password; otherwise ADMIN_PASSWORD). */
export async function ensureAdmin(db: Db, password: string): Promise<void> {
  const passwordHash = await argon2.hash(password, { type: argon2.argon2id });
  await db.insert(admins).values({ username: 'admin', passwordHash })
    .onConflictDoUpdate({ target: admins.username, set: { passwordHash } });
}

export const DEMO_ADMIN_PASSWORD = 'Demo!Admin2026';
