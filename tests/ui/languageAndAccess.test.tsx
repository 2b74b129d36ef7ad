/**
 * Issue 11: a private organisation's login says how to get an account; the organisation's own help
 * text keeps its own direction; version strings read left to right in any page direction.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { bootPage } from './bootPage.tsx';
import { settled } from './visit.ts';

it.each([
  ['acme', 'Acme Corporation', true],
  ['springfield', 'City of Springfield', false],
])('the login of %s tells a visitor how to get an account only when sign-up is by invitation', async (orgId, orgName, told) => {
  bootPage(`/${orgId}/login`);
  await screen.findByRole('heading', { level: 1 });
  await settled();
  const text = en['login.privateAccess'].replace('{{orgName}}', orgName);
  expect(screen.queryByText(text) !== null).toBe(told);
});

it('isolates the organisation\'s help text and the version strings from the page\'s direction', async () => {
  bootPage('/springfield/login');
  await screen.findByRole('heading', { level: 1 });
  await waitFor(() => expect(document.querySelector('.help-tip-content')).not.toBeNull());
  expect(document.querySelector('.help-tip-content')!.getAttribute('dir')).toBe('auto');
  const versions = [...document.querySelectorAll('footer bdi')].map((element) => element.textContent ?? '');
  expect(versions.length).toBeGreaterThan(0);
  for (const version of versions) expect(version).toMatch(/\u2066[^\u2069]+\u2069/);
});
