/**
 * Where a submission that reaches the API meets its form: the organisation's stored settings and
 * the member's server flags go through the same builder the browser used, and the built schema
 * validates the data (formValidator.ts). Routes that store sign-ups, profiles, contact paths, custom
 * fields and locations call `checkSubmission` first and store only `result.data` when it is ok.
 */
import { createHash } from 'node:crypto';
import { FORM_BUILDERS, type FormName } from '../../schemas/forms/formBuilders.ts';
import type { FormFlags, FormMode } from '../../schemas/forms/types.ts';
import type { Organization } from '../repositories/organizations.ts';
import { validateSubmission, type SubmissionResult } from './formValidator.ts';

/** Member flags change the form too (mandatory paths, custom fields): they are part of the cache key. */
function flagsDigest(flags: FormFlags): string {
  return createHash('sha1').update(JSON.stringify(flags)).digest('base64url');
}

export function checkSubmission<T>(org: Organization, form: FormName, mode: FormMode, flags: FormFlags, data: T): SubmissionResult<T> {
  const builder = FORM_BUILDERS[form];
  if (!(builder.modes as readonly FormMode[]).includes(mode)) throw new Error(`form ${form} has no ${mode} mode`);
  const built = builder.build(org.settings, flags, mode);
  const cacheKey = `${org.orgId}:${org.settingsVersion}:${form}:${mode}:${flagsDigest(flags)}`;
  return validateSubmission(cacheKey, built, data);
}
