/**
 * The layers of ARCHITECTURE.md are kept apart by lint rules (eslint.config.js) and the database by
 * construction (every tenant table has org_id first in its primary key). Both are checked here so
 * that neither can be switched off unnoticed.
 */
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { ESLint } from 'eslint';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema.ts';

const repositoryRoot = new URL('../..', import.meta.url).pathname;
/**
 * The linter for code that exists only as text (lintText): import/no-cycle reads the linted file
 * from disk and cannot judge one that is not there, so it is off here; the circle case below lints
 * real files with every rule on.
 */
const textLinter = () => new ESLint({ cwd: repositoryRoot, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });

describe('import boundaries (eslint no-restricted-imports)', () => {
  const eslint = textLinter();
  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  };

  it.each([
    ['src/app/x.ts', "import { buildApp } from '../../server/app.ts';\nexport const a = buildApp;", 'must not import server/'],
    ['screens.config.ts', "import { buildApp } from './server/app.ts';\nexport const a = buildApp;", 'must not import server/'],
    ['schemas/x.ts', "import { buildApp } from '../server/app.ts';\nexport const a = buildApp;", 'must not import server/'],
    ['schemas/x.ts', "import { useState } from 'react';\nexport const a = useState;", 'no React'],
    ['schemas/x.ts', "import { createRoot } from 'react-dom/client';\nexport const a = createRoot;", 'no React'],
    ['schemas/x.ts', "import { readFile } from 'node:fs/promises';\nexport const a = readFile;", 'no I/O'],
    ['schemas/x.ts', "import { Boot } from '../src/app/Boot.tsx';\nexport const a = Boot;", 'browser app'],
    // Issue 8 item 1: queries live in server/repositories/.
    ['server/routes/account/login/index.ts', "import { contacts } from '../../../db/schema.ts';\nexport const a = contacts;", 'Queries live in server/repositories/'],
    ['server/routes/account/login/index.ts', "import { eq } from 'drizzle-orm';\nexport const a = eq;", 'Queries live in server/repositories/'],
    ['server/routes/public/index.ts', "import { sql } from 'drizzle-orm';\nexport const a = sql;", 'Queries live in server/repositories/'],
    ['server/services/login.ts', "import { contacts } from '../db/schema.ts';\nexport const a = contacts;", 'Queries live in server/repositories/'],
    ['server/services/login.ts', "import { and } from 'drizzle-orm';\nexport const a = and;", 'Queries live in server/repositories/'],
    ['server/plugins/session.ts', "import { sessions } from '../db/schema.ts';\nexport const a = sessions;", 'Queries live in server/repositories/'],
    // Issue 8 item 4: a domain folder imports no other domain's folder (nor a scope's index).
    ['server/routes/account/login/index.ts', "import r from '../registration/index.ts';\nexport const a = r;", 'A domain folder imports no other route file'],
    ['server/routes/admin/invitations/index.ts', "import r from '../../account/registration/index.ts';\nexport const a = r;", 'A domain folder imports no other route file'],
    ['server/routes/account/login/index.ts', "import scope from '../index.ts';\nexport const a = scope;", 'A domain folder imports no other route file'],
  ])('refuses in %s: %s', async (file, code, message) => {
    const messages = await lint(file, code);
    expect(messages.join('\n')).toContain(message);
  });

  it('allows server/ to import schemas/, and schemas/ a small pure library', async () => {
    expect(await lint('server/x.ts', "import { LANGUAGES } from '../schemas/languages.ts';\nexport const a = LANGUAGES;")).toEqual([]);
    expect(await lint('schemas/x.ts', "import { parsePhoneNumber } from 'libphonenumber-js';\nexport const a = parsePhoneNumber;")).toEqual([]);
  });

  it('allows repositories and server/db their queries, and a domain folder the shared server code', async () => {
    expect(await lint('server/repositories/x.ts', "import { eq } from 'drizzle-orm';\nimport { contacts } from '../db/schema.ts';\nexport const a = [eq, contacts];")).toEqual([]);
    expect(await lint('server/db/x.ts', "import { sql } from 'drizzle-orm';\nimport * as schema from './schema.ts';\nexport const a = [sql, schema];")).toEqual([]);
    expect(await lint('server/routes/account/login/index.ts', [
      "import { answer } from '../../../http/answer.ts';",
      "import { login } from '../../../services/login.ts';",
      "import { LIMITS } from '../../../../schemas/rules/limits.ts';",
      "import { helper } from './helper.ts';",
      'export const a = [answer, login, LIMITS, helper];',
    ].join('\n'))).toEqual([]);
  });
});

describe('typed API calls (issue 8 item 5, eslint no-restricted-syntax)', () => {
  const eslint = textLinter();
  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };

  it.each([
    ['src/api/x.ts', "import { LoginAnswer } from '../../schemas/api/accounts.ts';\nexport const a = LoginAnswer;", 'only types from schemas/api'],
    ['src/api/x.ts', "export { LoginAnswer } from '../../schemas/api/accounts.ts';", 'only types from schemas/api'],
    ['src/admin/x.ts', "import * as accounts from '../../schemas/api/accounts.ts';\nexport const a = accounts;", 'only types from schemas/api'],
    ['src/app/x.ts', "import { Type } from 'typebox';\nexport const a = Type;", 'does not bundle typebox'],
    ['src/screens/login/x.tsx', "import { paths } from '../../api/paths.ts';\nexport const a = paths;", 'typed functions of src/api'],
    ['src/screens/login/x.tsx', "import { api } from '../../api/client.ts';\nexport const a = api;", 'typed functions of src/api'],
    ['src/components/x.tsx', "import { request } from '../api/client.ts';\nexport const a = request;", 'typed functions of src/api'],
    ['src/admin/x.tsx', "import { api } from '../api/client.ts';\nexport const a = api;", 'typed functions of src/api'],
    ['src/app/x.tsx', "import { paths } from '../api/paths.ts';\nexport const a = paths;", 'typed functions of src/api'],
    ['screens.config.ts', "import { paths } from './src/api/paths.ts';\nexport const a = paths;", 'typed functions of src/api'],
    // The screens' block repeats the type-only rule (a later block's setting replaces an earlier one's).
    ['src/screens/login/x.tsx', "import { LoginAnswer } from '../../../schemas/api/accounts.ts';\nexport const a = LoginAnswer;", 'only types from schemas/api'],
    // The server's routes take their schemas from schemas/api and their types from those schemas.
    ['server/routes/account/login/index.ts', "export const schema = { body: { type: 'object', properties: { username: { type: 'string' } } } };", 'takes its schemas from schemas/api'],
    ['server/routes/public/i18n/index.ts', "export const schema = { body: { 'type': 'array', items: {} } };", 'takes its schemas from schemas/api'],
    ['server/routes/account/login/index.ts', "import { Type } from 'typebox';\nexport const LoginBody = Type.Object({});", 'takes its schemas from schemas/api'],
    ['server/routes/account/login/index.ts', "import { Type } from '@fastify/type-provider-typebox';\nexport const LoginBody = Type.Object({});", 'takes its schemas from schemas/api'],
    ['server/routes/account/login/index.ts', "import type { FastifyInstance } from 'fastify';\nexport default async (app: FastifyInstance) => { app.post<{ Body: { username: string } }>('/manage/login', async () => ({})); };", 'takes its schemas from schemas/api'],
  ])('refuses in %s: %s', async (file, code, message) => {
    expect((await lint(file, code)).join('\n')).toContain(message);
  });

  it('allows types from schemas/api, the typed calls and the client helpers', async () => {
    expect(await lint('src/screens/login/x.tsx', "import type { LoginReply } from '../../../schemas/api/accounts.ts';\nexport type A = LoginReply;")).toEqual([]);
    expect(await lint('src/screens/login/x.tsx', "import { login } from '../../api/accounts.ts';\nexport const a = login;")).toEqual([]);
    expect(await lint('src/app/x.ts', "import { readCookie, setCsrfToken, type ApiResult } from '../api/client.ts';\nexport const a = [readCookie, setCsrfToken];\nexport type R = ApiResult<null>;")).toEqual([]);
    expect(await lint('src/api/x.ts', "import { paths } from './paths.ts';\nimport { api } from './client.ts';\nexport const a = () => api.get(paths.init);")).toEqual([]);
    expect(await lint('server/x.ts', "import { LoginBody } from '../schemas/api/accounts.ts';\nexport const a = LoginBody;")).toEqual([]);
    expect(await lint('server/routes/account/login/index.ts', [
      "import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';",
      "import { LoginAnswer, LoginBody } from '../../../../schemas/api/accounts.ts';",
      "import { answers } from '../../../../schemas/api/common.ts';",
      'export const schema = { body: LoginBody, response: answers(LoginAnswer) };',
      'export type P = TypeBoxTypeProvider;',
    ].join('\n'))).toEqual([]);
  });
});

describe('layers and import circles (issue 8 item 10, eslint-plugin-import)', () => {
  const root = repositoryRoot;
  const eslint = textLinter();
  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
  };

  // The imported files are real: the rule judges where an import resolves to.
  it.each([
    ['src/app/x.ts', "import LoginScreen from '../screens/login/LoginScreen.tsx';\nexport const a = LoginScreen;", 'src/app is below'],
    ['src/app/x.ts', "import { screens } from '../../screens.config.ts';\nexport const a = screens;", 'src/app is below'],
    ['src/components/x.ts', "import { navItems } from '../app/navItems.ts';\nexport const a = navItems;", 'src/components is below'],
    ['src/components/x.ts', "import type { Screen } from '../app/screenTypes.ts';\nexport type A = Screen;", 'src/components is below'],
    ['src/org/x.ts', "import { NavBar } from '../components/NavBar.tsx';\nexport const a = NavBar;", 'src/org is below'],
    ['src/forms/x.ts', "import { useOrg } from '../org/OrgContext.tsx';\nexport const a = useOrg;", 'src/forms is below'],
    ['src/api/x.ts', "import { SchemaForm } from '../forms/SchemaForm.tsx';\nexport const a = SchemaForm;", 'src/api is below'],
    ['screens.config.ts', "import { navItems } from './src/app/navItems.ts';\nexport const a = navItems;", 'only the screen types'],
    ['server/db/x.ts', "import { createMailer } from '../services/mail.ts';\nexport const a = createMailer;", 'server/db is below'],
    ['server/repositories/x.ts', "import { createMailer } from '../services/mail.ts';\nexport const a = createMailer;", 'server/repositories is below'],
    ['server/services/x.ts', "import { buildApp } from '../app.ts';\nexport const a = buildApp;", 'server/services is below'],
  ])('refuses in %s: %s', async (file, code, message) => {
    expect((await lint(file, code)).join('\n')).toContain(message);
  });

  it('allows imports downwards: the entry binds the registry, screens use the shell, the registry takes its types', async () => {
    expect(await lint('src/main.tsx', "import { registry } from '../screens.config.ts';\nexport const a = registry;")).toEqual([]);
    expect(await lint('src/screens/x.tsx', "import { useScreenMode } from '../app/useScreenMode.ts';\nexport const a = useScreenMode;")).toEqual([]);
    expect(await lint('screens.config.ts', "import type { Screen } from './src/app/screenTypes.ts';\nexport type A = Screen;")).toEqual([]);
    expect(await lint('src/components/x.ts', "import { useOrg } from '../org/OrgContext.tsx';\nexport const a = useOrg;")).toEqual([]);
    expect(await lint('server/routes/x.ts', "import { createMailer } from '../services/mail.ts';\nexport const a = createMailer;")).toEqual([]);
  });

  it('reports an import circle (no-cycle reads the imported files from disk, so they are written for a moment)', async () => {
    const dir = mkdtempSync(join(root, 'tmp-cycle-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = () => a;\n");
      const [result] = await new ESLint({ cwd: root }).lintFiles([join(dir, 'a.ts')]);
      expect(result!.messages.map((m) => m.ruleId)).toContain('import/no-cycle');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the form renderer\'s one public face (issue 8 item 8, eslint @typescript-eslint/no-restricted-imports)', () => {
  const eslint = textLinter();
  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
  };

  it.each([
    ['src/screens/login/x.tsx', "import { SchemaForm } from '../../forms/SchemaForm.tsx';\nexport const a = SchemaForm;"],
    ['src/screens/signUp/x.tsx', "import type { AsyncCheck } from '../../forms/useAsyncCheck.ts';\nexport type A = AsyncCheck;"],
    ['src/admin/x.tsx', "import { WIDGETS } from '../forms/widgets.ts';\nexport const a = WIDGETS;"],
    ['src/components/x.tsx', "import { pointerOfId } from '../forms/pointers.ts';\nexport const a = pointerOfId;"],
    ['src/app/x.tsx', "import { FieldTemplate } from '../forms/templates/FieldTemplate.tsx';\nexport const a = FieldTemplate;"],
    ['screens.config.ts', "import { messagePolicy } from './src/forms/messagePolicy.ts';\nexport const a = messagePolicy;"],
  ])('refuses in %s: %s', async (file, code) => {
    expect((await lint(file, code)).join('\n')).toContain('src/forms/index.ts only');
  });

  it('allows the index from outside, any module of src/forms inside it, and the builders of schemas/forms', async () => {
    expect(await lint('src/screens/login/x.tsx', "import { SchemaForm, useSubmission } from '../../forms/index.ts';\nexport const a = [SchemaForm, useSubmission];")).toEqual([]);
    expect(await lint('src/admin/x.tsx', "import { SchemaForm } from '../forms/index.ts';\nexport const a = SchemaForm;")).toEqual([]);
    expect(await lint('src/forms/widgets/x.tsx', "import { formContextOf } from '../formContext.ts';\nexport const a = formContextOf;")).toEqual([]);
    expect(await lint('src/screens/login/x.tsx', "import { buildLoginSchema } from '../../../schemas/forms/buildLoginSchema.ts';\nexport const a = buildLoginSchema;")).toEqual([]);
  });
});

describe('tenant tables', () => {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => typeof value === 'object' && value !== null && 'getSQL' in value);

  it('are all found', () => {
    expect(tables.map((t) => getTableConfig(t).name).sort()).toEqual(
      [
        'access_keys', 'addresses', 'admin_login_throttle', 'admin_sessions', 'admins', 'banners', 'captcha_uses', 'communications', 'contact_custom_values', 'contact_paths', 'contacts', 'delivery_outbox', 'documents', 'event_notifications', 'event_signups', 'events', 'expected_locations', 'feature_flags', 'group_members', 'groups', 'help_and_answers', 'incident_subscriptions',
        'login_throttle', 'mail_outbox', 'member_passkeys', 'member_subscriptions', 'member_totp', 'notifications', 'org_pages', 'organizations', 'password_resets', 'path_confirmations', 'pending_sign_ins', 'preview_validator_modules', 'public_profiles', 'publishing_keys', 'recovery_codes',
        'second_factor_enrolments', 'server_secrets', 'session_logins', 'sessions', 'setting_versions', 'sso_client_secrets', 'sso_identities', 'sso_requests', 'sso_sign_ins', 'sso_used_assertions', 'test_notifications', 'weather_alerts',
      ],
    );
  });

  it.each(tables.map((t) => [getTableConfig(t).name, t] as const))('%s has org_id first in its primary key', (name, table) => {
    const config = getTableConfig(table);
    if (!config.columns.some((c) => c.name === 'org_id')) {
      // Not a tenant's: a browser's session spans organisations, administrators see every organisation,
      // server secrets are the installation's, a preview's compiled form is named by its code alone.
      expect(['sessions', 'admins', 'admin_sessions', 'admin_login_throttle', 'server_secrets', 'preview_validator_modules']).toContain(name);
      return;
    }
    const primary = config.primaryKeys[0]?.columns.map((c) => c.name) ?? config.columns.filter((c) => c.primary).map((c) => c.name);
    expect(primary[0]).toBe('org_id');
  });
});
