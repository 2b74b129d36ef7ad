/**
 * What the Locations page's two lists share (LocationsScreen.tsx, ExpectedLocations.tsx): the notice
 * after a change, a row's Edit and Delete buttons, and the dialog that edits one place with its
 * builder's form.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormBuilder } from '../../../schemas/forms/types.ts';
import type { FormName } from '../../../schemas/forms/formBuilders.ts';
import { done, FormAlert, refused, SchemaForm, useBuiltForm, useSubmission, type AsyncCheck, type RefusalAnswer } from '../../forms/index.ts';
import { usePlaceLookups } from './placeLookups.ts';
import { SAVE_FAILED } from '../../components/SavedNotice.tsx';
import { useOrg } from '../../org/OrgContext.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

/** §8 "Save: 'ssp.save.success' / 'ssp.register.saveProfile.fail'" (the latter: components/SavedNotice.tsx SAVE_FAILED). */
export const SAVE_SUCCEEDED = 'ssp.save.success';
export { SAVE_FAILED };

export type Notice = { key: string; ok: boolean } | null;

/** What a change left to say: a status when it went well, an alert when not; it takes the focus as it appears. */
export function NoticeLine({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);
  if (!notice) return null;
  return <p ref={ref} tabIndex={-1} className={notice.ok ? 'notice-ok' : 'form-alert'} role={notice.ok ? 'status' : 'alert'}>{t(notice.key)}</p>;
}

/**
 * A row's actions, each named with the place's name for a screen reader: Edit and Delete where the
 * member may change it, View where not (a read-only dialog), and View on map where it has a point.
 */
export function RowActions({ name, onEdit, onDelete, onView, onViewMap }: {
  name: string; onEdit?: () => void; onDelete?: () => void; onView?: () => void; onViewMap?: () => void;
}) {
  const { t } = useTranslation();
  const action = (labelKey: string, textKey: string, onClick: () => void) => (
    <button type="button" className="button button-small" aria-label={t(labelKey, { name })} onClick={onClick}>{t(textKey)}</button>
  );
  return (
    <td className="locations-actions">
      <div className="locations-actions-buttons">
        {onEdit ? action('locations.editLabel', 'locations.edit', onEdit) : null}
        {onView ? action('locations.viewLabel', 'locations.view', onView) : null}
        {/* The visible words first in the name (WCAG 2.5.3): "View on map: Conference". */}
        {onViewMap ? (
          <button type="button" className="button button-small" aria-label={`${t('signup.location.viewOnMap')}: ${name}`} onClick={onViewMap}>
            {t('signup.location.viewOnMap')}
          </button>
        ) : null}
        {onDelete ? action('locations.deleteLabel', 'locations.delete', onDelete) : null}
      </div>
    </td>
  );
}

type PlaceFormData = Record<string, unknown>;

interface PlaceDialogProps {
  titleKey: string;
  form: { name: FormName; build: FormBuilder; idPrefix: string; submitLabelKey: string };
  initialData: PlaceFormData;
  asyncChecks?: Readonly<Record<string, AsyncCheck>>;
  /** Saves the form's values: true when saved, else the refusal to show; absent: the place is only shown (the form in review mode, its map view-only). */
  save?: (values: PlaceFormData) => Promise<{ saved: true } | { saved: false; answer: RefusalAnswer | null | undefined }>;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * One place in a dialog: the builder's form (edit mode) with the server's geocoder and geofence, its
 * refusals shown in it, Cancel beside Save; without `save`, the place shown (review mode) with Close.
 */
export function PlaceDialog({ titleKey, form: spec, initialData, asyncChecks, save, onClose, onSaved }: PlaceDialogProps) {
  const { t, i18n } = useTranslation();
  const { boot, flags } = useOrg();
  const { form, validator } = useBuiltForm(boot.orgId, boot.organization, spec.name, spec.build, { featureFlags: flags }, save ? 'edit' : 'review');
  const lookups = usePlaceLookups(boot.orgId);
  const submission = useSubmission<PlaceFormData>(initialData, async (values) => {
    if (!save) return done();
    const result = await save(values);
    if (result.saved) {
      onSaved();
      return done({ leaving: true });
    }
    return refused(result.answer, { fallbackKey: SAVE_FAILED, isKnown: (key) => i18n.exists(key) });
  });
  if (!save) {
    return (
      <Dialog title={t(titleKey)} onClose={onClose} className="location-dialog">
        <SchemaForm<PlaceFormData> idPrefix={spec.idPrefix} form={form} validator={validator} formData={initialData} onSubmit={() => {}} submitLabelKey={spec.submitLabelKey} review />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose} data-autofocus>{t('signup.location.view.close')}</button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title={t(titleKey)} onClose={onClose} className="location-dialog">
      <SchemaForm<PlaceFormData>
        idPrefix={spec.idPrefix}
        form={form}
        validator={validator}
        {...submission.form}
        {...(asyncChecks ? { asyncChecks } : {})}
        geocode={lookups.geocode}
        checkPlace={lookups.checkPlace}
        submitLabelKey={spec.submitLabelKey}
        busyLabelKey="form.busy.saving"
        aboveSubmit={<FormAlert message={submission.message} />}
      >
        <button type="button" className="button" onClick={onClose}>{t('form.dialog.cancel')}</button>
      </SchemaForm>
    </Dialog>
  );
}
