/** §7 `GET /{orgId}/signup/checkUsername` (§5 username availability). */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/testApp.ts';

const t = useTestApp();

describe('GET /{orgId}/signup/checkUsername', () => {
  it.each([
    ['springfield', 'demo.member', false],
    ['springfield', 'DEMO.MEMBER', false],
    ['springfield', 'dana.new', true],
    ['dormant', 'demo.member', null],
  ])('%s · %s → %s', async (orgId, username, free) => {
    const response = await t.app.inject({ url: `/${orgId}/signup/checkUsername?username=${encodeURIComponent(username)}` });
    if (free === null) {
      expect(response.statusCode).toBe(404);
      return;
    }
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(free);
  });

  it.each([
    ['too short (§5 min 4)', 'abc'],
    ['a space (§5 allowed characters)', 'dana new'],
    ['81 characters', 'u'.repeat(81)],
  ])('refuses a username %s without looking it up', async (_name, username) => {
    const response = await t.app.inject({ url: `/springfield/signup/checkUsername?username=${encodeURIComponent(username)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('request.invalid');
  });
});
