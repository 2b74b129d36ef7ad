import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CustomFieldsAnswer } from '../../../schemas/api/customFields.ts';
import { customFieldsFormData, saveCustomFieldsForm, type CustomFieldsFormData } from '../../../schemas/customFields/formData.ts';
import { buildCustomFieldsSchema } from '../../../schemas/forms/buildCustomFieldsSchema.ts';
import { getCustomFields, saveCustomFields } from '../../api/customFields.ts';
import { useCurrentScreen, useScreenMode } from '../../app/useScreenMode.ts';
import type { ScreenMode } from '../../app/screenTypes.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { SAVE_FAILED, SavedNotice } from '../../components/SavedNotice.tsx';
import { done, FormAlert, refused, SchemaForm, useBuiltForm, useSubmission } from '../../forms/index.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';

/** §8 / §2: what an edit page says after a save (it stays). */
export const SAVE_SUCCEEDED = 'ssp.save.success';

/**
 * §2 Additional information, one module for three addresses (`useScreenMode()`): the sign-up step
 * new/account/additionalInformation ('step': Skip only when no field is required, "Save and
 * continue" to review), its edit page new/account/edit-additionalInformation ('edit': a back link to
 * review) and the member's page my-additionalInformation ('my'). In edit and my mode, Cancel goes
 * home (portal-home when the member came from the public portal) and Save stays with §8's
 * 'ssp.save.success'. The form is the custom-field builder's (signup mode on the step, edit mode
 * otherwise: the same rules), drawn from `GET …/customFields` (the server's definitions, so the
 * server validates with the same schema); its `ui:options.errorSummary` asks for §2's grouped error
 * summary. §6: when no field is editable the values are shown read-only, without Save.
 */
export default function AdditionalInformationScreen() {
  const { t } = useTranslation();
  const screen = useCurrentScreen();
  const mode = useScreenMode() ?? 'my';
  const { boot, account } = useOrg();
  const contactId = account?.id ?? null;
  const [loaded, setLoaded] = useState<{ status: 'loading' } | { status: 'failed' } | { status: 'ready'; answer: CustomFieldsAnswer }>({ status: 'loading' });

  useEffect(() => {
    if (contactId === null) return;
    const controller = new AbortController();
    void getCustomFields(boot.orgId, contactId, controller.signal).then((result) => {
      if (result.isCanceled) return;
      setLoaded(result.hasError || !result.data ? { status: 'failed' } : { status: 'ready', answer: result.data });
    });
    return () => controller.abort();
  }, [boot.orgId, contactId]);

  return (
    <section className="card" aria-labelledby="additional-information-title" data-screen={screen?.id} data-mode={mode}>
      {mode === 'edit' ? <p><Link to={`/${encodeURIComponent(boot.orgId)}/new/account/review`}>{t('additionalInformation.backToReview')}</Link></p> : null}
      <PageHeading id="additional-information-title">{t('page.title.additionalInformation')}</PageHeading>
      {loaded.status === 'loading' ? <LoadingBar /> : null}
      {loaded.status === 'failed' ? <p className="notice" role="alert">{t('additionalInformation.loadFailed')}</p> : null}
      {loaded.status === 'ready' && contactId !== null
        ? <AdditionalInformationForm answer={loaded.answer} mode={mode} contactId={contactId} />
        : null}
    </section>
  );
}

interface FormProps {
  answer: CustomFieldsAnswer;
  mode: ScreenMode;
  contactId: number;
}

function AdditionalInformationForm({ answer, mode, contactId }: FormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { boot, flags, entryFromPublicPortal } = useOrg();
  const orgId = boot.orgId;
  const org = `/${encodeURIComponent(orgId)}`;
  const fields = answer.customFields;
  const { form, validator } = useBuiltForm(
    orgId, boot.organization, 'customFields', buildCustomFieldsSchema, { featureFlags: flags, customFields: fields }, mode === 'step' ? 'signup' : 'edit',
  );
  const [saved, setSaved] = useState(false);

  const initialData = customFieldsFormData(fields, new Map(fields.map((field) => [field.attrId, field.savedValues])));
  const submission = useSubmission<CustomFieldsFormData>(initialData, async (values) => {
    setSaved(false);
    const result = await saveCustomFields(orgId, contactId, saveCustomFieldsForm(fields, values));
    if (!result.hasError && !result.isCanceled && result.data?.status === 'yes') {
      if (mode === 'step') {
        // §2 sign-up flow: information is the last step before review.
        void navigate(`${org}/new/account/review`);
        return done({ leaving: true });
      }
      setSaved(true);
      return done();
    }
    return refused(result.data, { fallbackKey: SAVE_FAILED, isKnown: (key) => i18n.exists(key) });
  });

  const home = `${org}/${entryFromPublicPortal ? 'portal-home' : 'home'}`;
  const review = `${org}/new/account/review`;
  // §2 "skip (enabled only if no field mandatory)": the builder requires exactly the mandatory fields the member can fill in.
  const canSkip = mode === 'step' && (form.schema.required ?? []).length === 0;

  if (fields.length === 0 || !answer.editable) {
    // §6 "Custom-field section editable only if some field is editable": the values, read-only.
    return (
      <>
        {fields.length === 0
          ? <p>{t('additionalInformation.none')}</p>
          : <SchemaForm<CustomFieldsFormData> idPrefix="customFields" form={form} validator={validator} formData={initialData} onSubmit={() => {}} submitLabelKey="additionalInformation.save" review />}
        <p className="form-actions">
          {mode === 'step'
            ? <Link className="button button-primary" to={review}>{t('additionalInformation.continue')}</Link>
            : <Link className="button" to={home}>{t('additionalInformation.backHome')}</Link>}
        </p>
      </>
    );
  }

  return (
    <>
      {saved ? <SavedNotice messageKey={SAVE_SUCCEEDED} /> : null}
      <SchemaForm<CustomFieldsFormData>
        idPrefix="customFields"
        form={form}
        validator={validator}
        {...submission.form}
        onChange={(data) => {
          setSaved(false);
          submission.form.onChange(data);
        }}
        submitLabelKey={mode === 'step' ? 'additionalInformation.saveAndContinue' : 'additionalInformation.save'}
        busyLabelKey="form.busy.saving"
        aboveSubmit={<FormAlert message={submission.message} />}
      >
        {canSkip ? <Link className="button" to={review}>{t('additionalInformation.skip')}</Link> : null}
        {mode !== 'step' ? <Link className="button" to={home}>{t('additionalInformation.cancel')}</Link> : null}
      </SchemaForm>
    </>
  );
}
