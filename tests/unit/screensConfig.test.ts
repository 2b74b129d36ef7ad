/** screens.config.ts is data the router and nav are built from: it must be consistent (STYLE.md principle 8). */
import { describe, expect, it } from 'vitest';
import { HELP_TYPES } from '../../schemas/helpTypes.ts';
import { PROGRESS_STEPS, screenById, screens } from '../../screens.config.ts';
import enUS from '../../public/i18n/en_US.json' with { type: 'json' };

const catalogue = enUS as Record<string, string>;

describe('screens.config.ts', () => {
  it('has unique ids and unique paths', () => {
    expect(new Set(screens.map((s) => s.id)).size).toBe(screens.length);
    expect(new Set(screens.map((s) => s.path)).size).toBe(screens.length);
  });

  it('names only screens that exist in otherwise', () => {
    for (const screen of screens) for (const id of screen.otherwise ?? []) expect(() => screenById(id), `${screen.id} → ${id}`).not.toThrow();
    expect(() => screenById('nope')).toThrow('unknown screen id nope');
  });

  it('uses only known help types and progress steps', () => {
    for (const screen of screens) {
      if (screen.help) expect(HELP_TYPES).toContain(screen.help);
      if (screen.progressStep) expect(PROGRESS_STEPS).toContain(screen.progressStep);
    }
  });

  it('has a title and nav label for every screen in the en_US catalogue', () => {
    for (const screen of screens) {
      expect(catalogue[screen.titleKey], screen.titleKey).toEqual(expect.any(String));
      if (screen.nav) expect(catalogue[screen.nav.labelKey], screen.nav.labelKey).toEqual(expect.any(String));
    }
  });

  it('covers every route of §2', () => {
    const paths = screens.map((s) => s.path);
    for (const path of [
      'login', 'login/sso', 'forgot-username', 'forgot-password', 'reset-password', 'new', 'new-profile',
      'new/account/profile', 'new/account/mylocation', 'new/account/subscriptions', 'new/account/additionalInformation', 'new/account/review',
      'new/account/edit-profile', 'new/account/edit-mylocation', 'new/account/edit-subscriptions', 'new/account/edit-additionalInformation',
      'home', 'portal-home', 'my-profile', 'my-location', 'my-subscription', 'my-additionalInformation',
      'notif', 'notif/:notificationId', 'weather', 'weather/:weatherAlertId', 'alert', 'event', 'event/:notificationId',
      'incidents', 'incidents/:id', 'chat', 'cm/*', 'task', 'ov', 'faq', 'files', 'travel/*',
    ]) expect(paths, path).toContain(path);
  });

  it('gives the §2 help paths their help types', () => {
    const help = Object.fromEntries(screens.filter((s) => s.help).map((s) => [s.path, s.help]));
    expect(help).toMatchObject({
      home: 'home', 'new/account/review': 'home', 'my-profile': 'my-profile', 'my-location': 'my-location',
      'my-subscription': 'my-subscription', 'my-additionalInformation': 'my-additionalInformation',
      login: 'login', 'login/sso': 'login/sso', new: 'new', 'new/account/profile': 'new/account',
    });
  });

  it('puts the sign-up steps in the §2 progress bar order', () => {
    const steps = screens.filter((s) => s.progressStep).map((s) => s.progressStep);
    expect(steps).toEqual([...PROGRESS_STEPS]);
    // §2 "progress bar hidden on addresses containing 'edit-'"
    for (const screen of screens.filter((s) => s.path.includes('edit-'))) expect(screen.progressStep).toBeUndefined();
  });
});
