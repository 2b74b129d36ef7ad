/**
 * Issue 9 row 3: the administrators' sign-in is throttled like a member's (every attempt claimed
 * before the password is verified, per name and per client address), and it accepts only a login
 * form the portal handed out (a CSRF token bound to the SSPADMINLOGIN pre-session cookie).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminLoginThrottle } from '../../server/db/schema.ts';
import { upsertAdmin } from '../../server/repositories/admins.ts';
import { ADMIN_THROTTLE_PER_ADDRESS, ADMIN_THROTTLE_PER_NAME, DEMO_ADMIN_PASSWORD, ensureAdmin } from '../../server/services/admins.ts';
import { hashPassword, verificationsSoFar } from '../../server/services/passwords.ts';
import { injectAdminLogin, setCookie, startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
beforeAll(async () => {
  await ensureAdmin(t.database.db, DEMO_ADMIN_PASSWORD);
  await upsertAdmin(t.database.db, 'second', await hashPassword('Second!Admin2026'));
});
beforeEach(async () => {
  await t.database.db.delete(adminLoginThrottle);
});

const loginFrom = (remoteAddress: string, username: string, password: string) => injectAdminLogin(t.app, { username, password }, remoteAddress);

describe('admin sign-in throttle', () => {
  it(`verifies at most ${ADMIN_THROTTLE_PER_NAME} of 40 concurrent wrong passwords, and then refuses the right one with nothing verified`, async () => {
    const before = verificationsSoFar();
    const wrong = await Promise.all(Array.from({ length: 40 }, (_, i) => loginFrom('192.0.2.10', 'admin', `wrong-${i}`)));
    expect(verificationsSoFar() - before).toBeLessThanOrEqual(ADMIN_THROTTLE_PER_NAME);
    expect(wrong.filter((r) => r.statusCode === 401)).toHaveLength(ADMIN_THROTTLE_PER_NAME);
    expect(wrong.filter((r) => r.statusCode === 429).map((r) => r.json().errorCode)).toEqual(Array(40 - ADMIN_THROTTLE_PER_NAME).fill('admin.login.throttled'));

    const verified = verificationsSoFar();
    const right = await loginFrom('192.0.2.11', 'admin', DEMO_ADMIN_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(setCookie(right, 'SSPADMIN')).toBeUndefined();
    expect(verificationsSoFar()).toBe(verified);
    // Another administrator's name is not shut by it.
    expect((await loginFrom('192.0.2.11', 'second', 'Second!Admin2026')).statusCode).toBe(200);
  });

  it('counts an unknown name exactly as a known one', async () => {
    const answers = async (username: string) => {
      const statuses: number[] = [];
      for (let i = 0; i <= ADMIN_THROTTLE_PER_NAME; i++) statuses.push((await loginFrom(`192.0.2.${20 + i}`, username, 'wrong')).statusCode);
      return statuses;
    };
    expect(await answers('nobody')).toEqual(await answers('admin'));
  });

  it(`refuses an address after ${ADMIN_THROTTLE_PER_ADDRESS} wrong sign-ins whatever the names, and no other address`, async () => {
    for (let i = 0; i < ADMIN_THROTTLE_PER_ADDRESS; i++) expect((await loginFrom('198.51.100.7', `name-${i}`, 'wrong')).statusCode).toBe(401);
    const before = verificationsSoFar();
    expect((await loginFrom('198.51.100.7', 'admin', DEMO_ADMIN_PASSWORD)).json()).toEqual({ errorCode: 'admin.login.throttled' });
    expect(verificationsSoFar()).toBe(before);
    expect((await loginFrom('198.51.100.8', 'admin', DEMO_ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('gives a right password its attempts back', async () => {
    for (let i = 0; i < ADMIN_THROTTLE_PER_NAME - 1; i++) await loginFrom('192.0.2.40', 'admin', 'wrong');
    expect((await loginFrom('192.0.2.40', 'admin', DEMO_ADMIN_PASSWORD)).statusCode).toBe(200);
    // The count started again: as many wrong ones as before are answered 401, not 429.
    for (let i = 0; i < ADMIN_THROTTLE_PER_NAME - 1; i++) expect((await loginFrom('192.0.2.40', 'admin', 'wrong')).statusCode).toBe(401);
  });
});

describe('admin login CSRF (a pre-session token)', () => {
  it('hands out the form token with an HttpOnly SameSite=Strict cookie for the login call only, not cached', async () => {
    const form = await t.app.inject({ method: 'GET', url: '/admin/api/login' });
    expect(form.statusCode).toBe(200);
    expect(form.headers['cache-control']).toBe('no-store');
    expect(setCookie(form, 'SSPADMINLOGIN')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin/api/login' });
    expect(form.json().csrfToken).toMatch(/^[0-9a-z]+\.[\w-]{22}\.[\w-]+$/);
  });

  it('signs in with the form token and its cookie, and ends the pre-session', async () => {
    const response = await injectAdminLogin(t.app, { username: 'admin', password: DEMO_ADMIN_PASSWORD }, '203.0.113.1');
    expect(response.statusCode).toBe(200);
    expect(setCookie(response, 'SSPADMINLOGIN')).toMatchObject({ value: '' });
  });

  it.each([
    ['no token and no cookie (a cross-site form post)', () => ({})],
    ['the cookie without its token', (f: Form) => ({ cookie: f.cookie })],
    ['the token without its cookie', (f: Form) => ({ 'x-csrf-token': f.token })],
    ['the token of another login form', (f: Form, g: Form) => ({ cookie: f.cookie, 'x-csrf-token': g.token })],
    ['a member visitor\'s CSRF token and cookie', (_f: Form, _g: Form, v: Form) => ({ cookie: v.cookie, 'x-csrf-token': v.token })],
  ])('refuses %s with 403 csrf.invalid, verifying nothing', async (_name, headersOf) => {
    const [f, g] = [await loginForm(), await loginForm()];
    const visitor = await startSession(t.app);
    // A visitor's double-submit value, offered under the login form's cookie name.
    const v = { cookie: `SSPADMINLOGIN=${visitor.cookie.replace(/^SSPCSRF=/, '')}`, token: visitor.csrfToken };
    const before = verificationsSoFar();
    const response = await t.app.inject({
      method: 'POST', url: '/admin/api/login', payload: { username: 'admin', password: DEMO_ADMIN_PASSWORD }, headers: headersOf(f, g, v),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errorCode: 'csrf.invalid' });
    expect(setCookie(response, 'SSPADMIN')).toBeUndefined();
    expect(verificationsSoFar()).toBe(before);
  });
});

interface Form { cookie: string; token: string }
async function loginForm(): Promise<Form> {
  const form = await t.app.inject({ method: 'GET', url: '/admin/api/login' });
  return { cookie: `SSPADMINLOGIN=${setCookie(form, 'SSPADMINLOGIN')!.value}`, token: form.json().csrfToken as string };
}
