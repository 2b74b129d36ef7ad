import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContactPathAnswer, ProfileAnswer } from '../../../schemas/api/profile.ts';
import { buildProfileSchema } from '../../../schemas/forms/buildProfileSchema.ts';
import type { ProfileFormData } from '../../../schemas/profile/formData.ts';
import { profileFormDataOf, profileFormFlagsOf, saveProfileForm } from '../../../schemas/profile/toPayload.ts';
import { checkExternalId, saveProfile } from '../../api/profile.ts';
import { done, FormAlert, refused, SchemaForm, useBuiltForm, useSubmission, type AsyncCheck } from '../../forms/index.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

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

/** An SMS path whose country a change sets to the US, and the country it had. */
interface CalloutQuestion {
  pathId: number;
  previousCountry: string | undefined;
}

/**
 * §4 "Changing country for an SMS path other than ONEWAYSMS asks for call-out confirmation when
 * country is US": the SMS path (§3 has no one-way SMS type, so every SMS path) whose country `next`
 * changes to the US from another, or null.
 */
export function calloutQuestionOf(previous: ProfileFormData, next: ProfileFormData): CalloutQuestion | null {
  const before = new Map((previous.contactPaths ?? []).map((path) => [path.pathId, path]));
  for (const path of next.contactPaths ?? []) {
    const was = before.get(path.pathId);
    if (path.type === 'SMS' && path.countryCode === 'US' && was && was.countryCode !== 'US') return { pathId: path.pathId, previousCountry: was.countryCode };
  }
  return null;
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

  // §4 call-out confirmation: the change is shown at once; declining it puts the path's country back.
  const [callout, setCallout] = useState<CalloutQuestion | null>(null);
  const { formData } = submission.form;
  const onChange = useCallback((next: ProfileFormData) => {
    const question = calloutQuestionOf(formData, next);
    setData(next);
    if (question) setCallout(question);
  }, [formData, setData]);
  const revertCallout = () => {
    if (callout) {
      setData({
        ...formData,
        contactPaths: (formData.contactPaths ?? []).map((path) => (path.pathId === callout.pathId ? { ...path, countryCode: callout.previousCountry } : path)),
      });
    }
    setCallout(null);
  };

  const home = `/${encodeURIComponent(orgId)}/${entryFromPublicPortal ? 'portal-home' : 'home'}`;
  return (
    <>
      <SchemaForm<ProfileFormData>
        idPrefix="profile"
        form={form}
        validator={validator}
        {...submission.form}
        onChange={onChange}
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
      {callout ? (
        // Escape, like the explicit answer, changes the country back: nothing is agreed to by leaving.
        <Dialog title={t('profile.sms.callout.title')} onClose={revertCallout}>
          <p>{t('profile.sms.callout.confirm')}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={() => setCallout(null)} data-autofocus>{t('profile.sms.callout.accept')}</button>
            <button type="button" className="button" onClick={revertCallout}>{t('profile.sms.callout.revert')}</button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
