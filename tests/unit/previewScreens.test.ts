/**
 * Issue 11: the admin preview's whole-page view draws each previewed form on the screen of
 * screens.config.ts that shows it (src/admin/previewScreens.ts). Every form × mode the preview offers
 * names a screen that exists, at the address §2 gives that mode, and a screen leads back to its form.
 */
import { describe, expect, it } from 'vitest';
import { screens } from '../../screens.config.ts';
import { FORM_BUILDERS } from '../../schemas/forms/formBuilders.ts';
import type { FormMode } from '../../schemas/forms/types.ts';
import { PREVIEW_FORMS, previewFormOfScreen, previewScreenId } from '../../src/admin/previewScreens.ts';

const pairs = PREVIEW_FORMS.flatMap((form) => (FORM_BUILDERS[form].modes as readonly FormMode[]).map((mode) => [form, mode] as const));

describe('the screen of each previewed form', () => {
  it.each(pairs)('%s in mode %s is a screen of screens.config.ts', (form, mode) => {
    const id = previewScreenId(form, mode);
    expect(screens.map((screen) => screen.id)).toContain(id);
  });

  it('is at the address §2 gives the mode: sign-up steps, the member\'s own pages, the review page', () => {
    const path = (form: (typeof PREVIEW_FORMS)[number], mode: FormMode) => screens.find((screen) => screen.id === previewScreenId(form, mode))?.path;
    expect(path('signUp', 'signup')).toBe('new');
    expect(path('profile', 'signup')).toBe('new/account/profile');
    expect(path('profile', 'edit')).toBe('my-profile');
    // §2 "Profile page … contact paths": the contact paths are drawn on the profile's pages.
    expect(path('contactPaths', 'edit')).toBe('my-profile');
    expect(path('location', 'signup')).toBe('new/account/mylocation');
    expect(path('location', 'edit')).toBe('my-location');
    expect(path('customFields', 'signup')).toBe('new/account/additionalInformation');
    expect(path('customFields', 'edit')).toBe('my-additionalInformation');
    for (const form of ['profile', 'contactPaths', 'location', 'customFields'] as const) expect(path(form, 'review')).toBe('new/account/review');
    // The member's own pages are the screens in mode `my`, the steps in mode `step`.
    for (const form of ['profile', 'location', 'customFields'] as const) {
      expect(screens.find((screen) => screen.id === previewScreenId(form, 'edit'))?.mode).toBe('my');
      expect(screens.find((screen) => screen.id === previewScreenId(form, 'signup'))?.mode).toBe('step');
    }
  });

  it('leads back from a screen to the first form it shows; other screens have none', () => {
    expect(previewFormOfScreen('signUp')).toEqual({ form: 'signUp', mode: 'signup' });
    expect(previewFormOfScreen('myProfile')).toEqual({ form: 'profile', mode: 'edit' });
    expect(previewFormOfScreen('myLocation')).toEqual({ form: 'location', mode: 'edit' });
    expect(previewFormOfScreen('faq')).toBeNull();
    expect(previewFormOfScreen('home')).toBeNull();
  });
});
