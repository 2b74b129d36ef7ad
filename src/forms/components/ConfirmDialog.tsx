import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog.tsx';

interface ConfirmDialogProps {
  /** The question, a message key (e.g. §4 'ssp.delete.confirm'). */
  messageKey: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in a modal dialog; the focus starts on the harmless answer. */
export function ConfirmDialog({ messageKey, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('form.dialog.confirm.title')} onClose={onCancel}>
      <p>{t(messageKey)}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={onConfirm}>{t('form.dialog.ok')}</button>
        <button type="button" className="button" onClick={onCancel} data-autofocus>{t('form.dialog.cancel')}</button>
      </div>
    </Dialog>
  );
}
