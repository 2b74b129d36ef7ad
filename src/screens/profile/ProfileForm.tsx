import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContactPathAnswer, ProfileAnswer } from '../../../schemas/api/profile.ts';
import { buildProfileSchema } from '../../../schemas/forms/buildProfileSchema.ts';
import type { ProfileFormData } from '../../../schemas/profile/formData.ts';
import { profileFormDataOf, profileFormFlagsOf, saveProfileForm } from '../../../schemas/profile/toPayload.ts';
import { checkExternalId, saveProfile } from '../../api/profile.ts';
import { done, FormAlert, refused, SchemaForm, useBuiltForm, useSubmission, type AsyncCheck } from '../../forms/index.ts';
import { useOrg } from '../../org/OrgContext.tsx';

/** How a save ended, for the page: stored, or refused because the profile changed elsewhere (409). */
export type SaveOutcome = 'saved' | 'conflict';

/** §8 "Save: … 'ssp.register.saveProfile.fail'": any refusal that names no field. */
export const SAVE_PROFILE_FAILED = 'ssp.register.saveProfile.fail';

interface ProfileFormProps {
  profile: ProfileAnswer;
  paths: readonly ContactPathAnswer[];
  /** The profileVersion the form was filled from; the save names it. */
  version: number;
  mode: 'step' | 'edit' | 'my';
  onSaved: (outcome: SaveOutcome) => Promise<void>;
}

/** §2/§4 an SMS number in the US may be called out to confirm it: said before the save when one is given. */
function hasUsSmsNumber(data: ProfileFormData): boolean {
  return (data.contactPaths ?? []).some((path) => path.type === 'SMS' && path.countryCode === 'US' && (path.value ?? '').trim() !== '');
}

/**
 * The profile builder's form ('signup' in the sign-up step, 'edit' on the edit and member's pages:
 * the receive-notification toggles and Cancel only there) with the member's values, and its save
 * (§7 `POST …/profile`): field refusals inline (and in the error summary), a conflict handed to the
 * page, any other failure §8's message above the buttons.
 */
export function ProfileForm({ profile, paths, version, mode, onSaved }: ProfileFormProps) {
  const { i18n, t } = useTranslation();
  const { boot, flags: featureFlags, entryFromPublicPortal } = useOrg();
  const { orgId, organization: org } = boot;
  const contactId = profile.contactId;
  const formFlags = useMemo(() => profileFormFlagsOf(profile, paths, featureFlags), [profile, paths, featureFlags]);
  const { form, validator } = useBuiltForm(orgId, org, 'profile', buildProfileSchema, formFlags, mode === 'step' ? 'signup' : 'edit');
  const initialData = useMemo(() => profileFormDataOf(profile, paths, org.defaultCountry), [profile, paths, org.defaultCountry]);

  // §5 "external id … (server uniqueness, 'jquery.validation.externalId')".
  const externalIdFree: AsyncCheck = useCallback(async (value, signal) => {
    const result = await checkExternalId(orgId, contactId, value, signal);
    if (result.isCanceled || result.hasError) throw new Error('not checked');
    return result.data === true ? true : 'jquery.validation.externalId';
  }, [orgId, contactId]);
  const asyncChecks = useMemo(() => ({ externalId: externalIdFree }), [externalIdFree]);

  const submission = useSubmission<ProfileFormData>(initialData, async (values) => {
    const result = await saveProfile(orgId, contactId, saveProfileForm(form.schema, profile.profiles, values, version));
    const answer = result.data;
    if (!result.hasError && !result.isCanceled && answer && 'status' in answer && answer.status === 'yes') {
      await onSaved('saved');
      return done({ leaving: mode === 'step' });
    }
    if (result.status === 409 || (answer && 'errorCode' in answer && answer.errorCode === 'profile.conflict')) {
      await onSaved('conflict');
      return done();
    }
    // A validation refusal names its fields; 'validation' itself is no message of its own.
    return refused(answer as { errorCode?: string } | null, {
      fallbackKey: SAVE_PROFILE_FAILED,
      isKnown: (key) => key !== 'validation' && i18n.exists(key),
    });
  });

  // A new version (after a save, or the stored data after a conflict) is shown in the same form:
  // drawing it anew would blank the page while its validator loads, and lose the member's place.
  const shownVersion = useRef(version);
  const { onChange: setData } = submission.form;
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    setData(initialData);
  }, [version, initialData, setData]);

  const home = `/${encodeURIComponent(orgId)}/${entryFromPublicPortal ? 'portal-home' : 'home'}`;
  return (
    <SchemaForm<ProfileFormData>
      idPrefix="profile"
      form={form}
      validator={validator}
      {...submission.form}
      asyncChecks={asyncChecks}
      submitLabelKey={mode === 'step' ? 'profile.continue.button' : 'profile.save.button'}
      busyLabelKey="form.busy.saving"
      aboveSubmit={(
        <>
          {hasUsSmsNumber(submission.form.formData) ? <p className="notice">{t('profile.sms.callout.notice')}</p> : null}
          <FormAlert message={submission.message} />
        </>
      )}
    >
      {/* §2 "Edit mode: cancel (to ./portal-home if from public portal else ./home) and submit". */}
      {mode !== 'step' ? <Link className="button" to={home}>{t('profile.cancel.button')}</Link> : null}
    </SchemaForm>
  );
}
