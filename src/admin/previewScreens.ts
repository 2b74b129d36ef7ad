/**
 * Where each form of the admin preview is drawn in the portal (§2): which screen of
 * screens.config.ts shows a form in a mode, so that the preview's whole-page view draws that
 * screen's title, help tip, navigation and address, and a navigation item of the preview can lead
 * back to a previewed form.
 */
import type { FormName } from '../../schemas/forms/formBuilders.ts';
import type { FormMode } from '../../schemas/forms/types.ts';

/** The forms the preview shows (issue 3: sign-up, profile, contact paths, location, additional information; issue 13: subscriptions). */
export const PREVIEW_FORMS = ['signUp', 'profile', 'contactPaths', 'location', 'subscriptions', 'customFields'] as const satisfies readonly FormName[];

export type PreviewForm = (typeof PREVIEW_FORMS)[number];

/**
 * Form × mode → screen id. §2: the sign-up page is `new`; the profile, location, subscriptions and
 * additional information forms are sign-up steps (`new/account/<step>`, mode signup), the member's own pages
 * (`my-<page>`, mode edit) and sections of the sign-up's review page (`new/account/review`, mode
 * review). The contact paths are part of the profile page (§2 "Profile page … contact paths").
 */
const SCREENS: Record<PreviewForm, Partial<Record<FormMode, string>>> = {
  signUp: { signup: 'signUp' },
  profile: { signup: 'signUpProfile', edit: 'myProfile', review: 'signUpReview' },
  contactPaths: { signup: 'signUpProfile', edit: 'myProfile', review: 'signUpReview' },
  location: { signup: 'signUpLocations', edit: 'myLocation', review: 'signUpReview' },
  subscriptions: { signup: 'signUpSubscriptions', edit: 'mySubscription', review: 'signUpReview' },
  customFields: { signup: 'signUpInformation', edit: 'myAdditionalInformation', review: 'signUpReview' },
};

/** The id of the screen that shows `form` in `mode`, or null when the portal has no such page. */
export function previewScreenId(form: PreviewForm, mode: FormMode): string | null {
  return SCREENS[form][mode] ?? null;
}

/** The first previewed form and mode a screen shows (a navigation item leading there switches the preview to it), or null. */
export function previewFormOfScreen(screenId: string): { form: PreviewForm; mode: FormMode } | null {
  for (const form of PREVIEW_FORMS) {
    for (const [mode, id] of Object.entries(SCREENS[form]) as [FormMode, string][]) {
      if (id === screenId) return { form, mode };
    }
  }
  return null;
}
