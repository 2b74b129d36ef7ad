import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeZoneOption } from '../widgets/TimeZoneWidget.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

interface TimeZoneDialogProps {
  timeZones: readonly TimeZoneOption[];
  onChoose: (timeZoneId: string) => void;
  onCancel: () => void;
}

/** §4 "adding needs a time zone, else a time zone picker dialog shows first". */
export function TimeZoneDialog({ timeZones, onChoose, onCancel }: TimeZoneDialogProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const [choice, setChoice] = useState('');
  return (
    <Dialog title={t('form.quietTime.timeZone.title')} onClose={onCancel}>
      <p>{t('form.quietTime.timeZone.message')}</p>
      <label htmlFor={selectId} className="field-label">{t('form.quietTime.timeZone.label')}</label>
      <select id={selectId} className="input" value={choice} onChange={(event) => setChoice(event.target.value)}>
        <option value="">{t('form.select.placeholder')}</option>
        {timeZones.map((zone) => <option key={zone.id} value={zone.id}>{zone.displayLabel}</option>)}
      </select>
      <div className="dialog-actions">
        <button type="button" className="button button-primary" disabled={choice === ''} onClick={() => onChoose(choice)}>{t('form.dialog.ok')}</button>
        <button type="button" className="button" onClick={onCancel}>{t('form.dialog.cancel')}</button>
      </div>
    </Dialog>
  );
}
