/**
 * Issue 11 "Outcomes are confirmed": the page a member lands on after signing out, deleting their
 * account or signing up says what happened, once (src/api/flash.ts, src/ui/FlashNotice.tsx), against
 * the real test server (tests/ui/globalSetup.ts).
 */
import { screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { writeFlash } from '../../src/api/flash.ts';
import { bootPage } from './bootPage.tsx';
import { visit } from './visit.ts';

vi.setConfig({ testTimeout: 30_000 });

async function signInMember(username: string) {
  visit('/springfield/home');
  await fetch('/rest/init/csrf?orgId=springfield');
  const response = await fetch('/test/createMember?orgId=springfield', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Outcome!Passw0rd', email: `${username}@example.org`, signIn: true }),
  });
  expect(response.status).toBe(200);
}

it.each([
  ['signedOut', en['notice.signedOut']],
  ['accountDeleted', en['notice.accountDeleted']],
] as const)('says %s on the login page, once', async (kind, text) => {
  writeFlash({ kind });
  bootPage('/springfield/login');
  expect((await screen.findByText(text)).closest('[role="status"]')).not.toBeNull();
  bootPage('/springfield/login');
  await screen.findByRole('heading', { name: en['page.title.login'] });
  expect(screen.queryByText(text)).toBeNull();
});

it('leaves a notice that is not the page\'s own for the page it is for', async () => {
  writeFlash({ kind: 'signedUp', username: 'x', reach: [] });
  bootPage('/springfield/login');
  await screen.findByRole('heading', { name: en['page.title.login'] });
  expect(screen.queryByRole('heading', { name: en['notice.signedUp.title'] })).toBeNull();
});

it('confirms a sign-up on the new member\'s home with what was saved and the next step, once', async () => {
  await signInMember(`ui.outcome.${process.pid}`);
  writeFlash({ kind: 'signedUp', username: 'ui.outcome', reach: ['Email: ui.outcome@example.org', 'SMS: (201) 555-0123'] });
  bootPage('/springfield/home');
  const confirmation = (await screen.findByRole('heading', { name: en['notice.signedUp.title'] })).closest('[role="status"]') as HTMLElement;
  expect(within(confirmation).getByText(en['notice.signedUp.username'].replace('{{username}}', 'ui.outcome'))).toBeInstanceOf(HTMLElement);
  expect(within(confirmation).getByText(en['notice.signedUp.reach'].replace('{{orgName}}', 'City of Springfield'))).toBeInstanceOf(HTMLElement);
  expect(within(confirmation).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Email: ui.outcome@example.org', 'SMS: (201) 555-0123']);
  expect(within(confirmation).getByRole('link', { name: en['notice.signedUp.profileLink'] }).getAttribute('href')).toBe('/springfield/my-profile');
  bootPage('/springfield/home');
  await screen.findByRole('heading', { name: en['page.title.home'] });
  expect(screen.queryByRole('heading', { name: en['notice.signedUp.title'] })).toBeNull();
});
