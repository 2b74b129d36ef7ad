/** Issue 11 "dead ends": an organisation's not-found page offers a way on, as far as there is one. */
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { bootPage } from './bootPage.tsx';
import { visit } from './visit.ts';

it.each([
  ['springfield', en['error.waysForward.login'], '/springfield/login'],
  ['paused', null, null],
  ['dormant', null, null],
])('the not-found page of %s offers a visitor: %s', async (orgId, link, href) => {
  bootPage(`/${orgId}/no-such-page`);
  await screen.findByRole('heading', { name: en['error.404.title'] });
  expect(screen.queryByRole('link', { name: en['error.waysForward.home'] })).toBeNull();
  if (link) expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe(href);
  else expect(screen.queryByRole('link', { name: en['error.waysForward.login'] })).toBeNull();
});

it.each([
  ['paused', 'https://paused-township.example.org/contact'],
  ['springfield', null],
  ['dormant', null],
])("the not-found page of %s links the organisation's contact page: %s", async (orgId, href) => {
  bootPage(`/${orgId}/no-such-page`);
  await screen.findByRole('heading', { name: en['error.404.title'] });
  const contact = screen.queryByRole('link', { name: /^Contact / });
  expect(contact?.getAttribute('href') ?? null).toBe(href);
});

it('offers a member their home page', async () => {
  visit('/springfield/home');
  await fetch('/rest/init/csrf?orgId=springfield');
  const response = await fetch('/test/createMember?orgId=springfield', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `ui.ways.${process.pid}`, password: 'Ways!Forward2026', email: `ui.ways.${process.pid}@example.org`, signIn: true }),
  });
  expect(response.status).toBe(200);
  bootPage('/springfield/no-such-page');
  await screen.findByRole('heading', { name: en['error.404.title'] });
  expect(screen.getByRole('link', { name: en['error.waysForward.home'] }).getAttribute('href')).toBe('/springfield/home');
});
