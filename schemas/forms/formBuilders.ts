/**
 * Every form builder of the portal, with the modes it draws (issue 3). The admin preview, the
 * schema snapshots and the server's validators all go through this one list.
 */
import { buildChangePasswordSchema } from './buildChangePasswordSchema.ts';
import { buildContactPathsSchema } from './buildContactPathsSchema.ts';
import { buildCustomFieldsSchema } from './buildCustomFieldsSchema.ts';
import { buildEventSignUpSchema } from './buildEventSignUpSchema.ts';
import { buildExpectedLocationSchema } from './buildExpectedLocationSchema.ts';
import { buildForgotPasswordSchema } from './buildForgotPasswordSchema.ts';
import { buildForgotUsernameSchema } from './buildForgotUsernameSchema.ts';
import { buildLocationSchema } from './buildLocationSchema.ts';
import { buildLoginSchema } from './buildLoginSchema.ts';
import { buildProfileSchema } from './buildProfileSchema.ts';
import { buildQuietTimeSchema } from './buildQuietTimeSchema.ts';
import { buildResetPasswordSchema } from './buildResetPasswordSchema.ts';
import { buildSignUpSchema } from './buildSignUpSchema.ts';
import { buildSubscriptionsSchema } from './buildSubscriptionsSchema.ts';
import type { FormBuilder, FormMode } from './types.ts';

export const FORM_BUILDERS = {
  signUp: { build: buildSignUpSchema, modes: ['signup'] },
  profile: { build: buildProfileSchema, modes: ['signup', 'edit', 'review'] },
  contactPaths: { build: buildContactPathsSchema, modes: ['signup', 'edit', 'review'] },
  quietTime: { build: buildQuietTimeSchema, modes: ['edit'] },
  customFields: { build: buildCustomFieldsSchema, modes: ['signup', 'edit', 'review'] },
  subscriptions: { build: buildSubscriptionsSchema, modes: ['signup', 'edit', 'review'] },
  location: { build: buildLocationSchema, modes: ['signup', 'edit', 'review'] },
  expectedLocation: { build: buildExpectedLocationSchema, modes: ['edit', 'review'] },
  changePassword: { build: buildChangePasswordSchema, modes: ['edit'] },
  login: { build: buildLoginSchema, modes: ['signup'] },
  forgotUsername: { build: buildForgotUsernameSchema, modes: ['signup'] },
  forgotPassword: { build: buildForgotPasswordSchema, modes: ['signup'] },
  resetPassword: { build: buildResetPasswordSchema, modes: ['signup'] },
  eventSignUp: { build: buildEventSignUpSchema, modes: ['signup'] },
} as const satisfies Record<string, { build: FormBuilder; modes: readonly FormMode[] }>;

export type FormName = keyof typeof FORM_BUILDERS;
