/**
 * Every screen module of screens.config.ts loads and has a component (STYLE.md principle 8), and the
 * §8 general error page keeps the header (name, banner), navigation and footer.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { registry, screens } from '../../screens.config.ts';
import { GeneralErrorPage } from '../../src/app/pages/GeneralErrorPage.tsx';
import { ScreenRegistryContext } from '../../src/app/ScreenRegistryContext.ts';
import { renderInOrg } from './renderInOrg.tsx';

describe('screen modules', () => {
  it.each(screens.map((s) => [s.id, s] as const))('%s loads a component', async (_id, screenEntry) => {
    const module = await screenEntry.load();
    expect(typeof module.default).toBe('function');
  });
});

describe('the general error page (§8)', () => {
  it('shows the error with the organisation\'s banner, navigation and footer when a screen fails', async () => {
    function Broken(): never {
      throw new Error('a screen that fails to render');
    }
    const quiet = console.error;
    console.error = () => {};
    try {
      await renderInOrg(
        [{ path: '/:orgId', errorElement: <ScreenRegistryContext.Provider value={registry}><GeneralErrorPage /></ScreenRegistryContext.Provider>, children: [{ path: 'login', element: <Broken /> }] }],
        '/springfield/login',
      );
      expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInstanceOf(HTMLElement);
    } finally {
      console.error = quiet;
    }
    // The header names the organisation in text; its banner image is decoration (issue 11).
    expect(within(screen.getByRole('banner')).getByText('City of Springfield')).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('banner').querySelector('img')?.getAttribute('alt')).toBe('');
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Sign in' })).toBeInstanceOf(HTMLElement);
    // The version is a left-to-right isolate (U+2066 … U+2069) inside its label.
    expect(screen.getByRole('contentinfo').textContent).toContain('Server \u20669.9.9\u2069');
  });
});
