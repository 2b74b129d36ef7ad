/** screens.config.ts is data the router and nav are built from: it must be consistent (STYLE.md principle 8). */
import { describe, expect, it } from 'vitest';
import { HELP_TYPES } from '../../schemas/helpTypes.ts';
import { PROGRESS_STEPS, screens } from '../../screens.config.ts';
import { screenById } from '../../src/app/resolveScreen.ts';
import enUS from '../../public/i18n/en_US.json' with { type: 'json' };

const catalogue = enUS as Record<string, string>;

describe('screens.config.ts', () => {
  it('has unique ids and unique paths', () => {
    expect(new Set(screens.map((s) => s.id)).size).toBe(screens.length);
    expect(new Set(screens.map((s) => s.path)).size).toBe(screens.length);
  });

  it('names only screens that exist in otherwise', () => {
    for (const screen of screens) for (const id of screen.otherwise ?? []) expect(() => screenById(screens, id), `${screen.id} → ${id}`).not.toThrow();
    expect(() => screenById(screens, 'nope')).toThrow('unknown screen id nope');
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

  // §2: the step new/account/<step>, its edit page new/account/edit-<step> and the member's my-<page> are one form.
  it.each([
    ['profile', 'my-profile'],
    ['mylocation', 'my-location'],
    ['subscriptions', 'my-subscription'],
    ['additionalInformation', 'my-additionalInformation'],
  ])('serves new/account/%s, its edit page and %s with one module in three modes', (step, myPage) => {
    const form = [`new/account/${step}`, `new/account/edit-${step}`, myPage].map((path) => screens.find((s) => s.path === path)!);
    expect(form.map((s) => s.mode)).toEqual(['step', 'edit', 'my']);
    expect(new Set(form.map((s) => s.load)).size).toBe(1);
    expect(new Set(form.map((s) => s.when)).size).toBe(1);
    expect(form.map((s) => s.help)).toEqual(['new/account', 'new/account', myPage]);
  });

  it('gives a mode only to the screens of a sign-up form', () => {
    expect(screens.filter((s) => s.mode).map((s) => s.path).sort()).toEqual([
      'my-additionalInformation', 'my-location', 'my-profile', 'my-subscription',
      'new/account/additionalInformation', 'new/account/edit-additionalInformation', 'new/account/edit-mylocation', 'new/account/edit-profile',
      'new/account/edit-subscriptions', 'new/account/mylocation', 'new/account/profile', 'new/account/subscriptions',
    ]);
  });
});
