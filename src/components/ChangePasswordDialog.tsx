import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog.tsx';
import { LoadingBar } from '../ui/LoadingBar.tsx';

/** The form and the form engine are loaded when the dialog first opens, so a page without a form stays light. */
const ChangePasswordForm = lazy(() => import('./ChangePasswordForm.tsx'));

/** §9 "success alert 10 s", §4 "Change-password success alert disappears after 10 s". */
export const SUCCESS_ALERT_MS = 10_000;

interface ChangePasswordDialogProps {
  onClose: () => void;
  /** Called once the password was changed; the dialog is to be closed by the opener. */
  onChanged: () => void;
}

/**
 * §2 "Change-password modal" (home and profile): a modal dialog (Escape closes it, the focus stays
 * inside and returns to the opener) with the change-password builder's form. The call's `loginId` is
 * the signed-in account's username, so offer it only when `account.username` is set.
 */
export function ChangePasswordDialog({ onClose, onChanged }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('changePassword.title')} onClose={onClose}>
      <Suspense fallback={<LoadingBar />}>
        <ChangePasswordForm onCancel={onClose} onChanged={onChanged} />
      </Suspense>
    </Dialog>
  );
}

/**
 * A success message shown for SUCCESS_ALERT_MS, then gone (§9): `show(key)` shows it (again, from
 * the start), the message key is null when nothing is shown.
 */
export function useSuccessAlert(): { messageKey: string | null; show: (key: string) => void } {
  const [messageKey, setMessageKey] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const show = useCallback((key: string) => {
    if (timer.current !== null) clearTimeout(timer.current);
    setMessageKey(key);
    timer.current = setTimeout(() => {
      timer.current = null;
      setMessageKey(null);
    }, SUCCESS_ALERT_MS);
  }, []);
  useEffect(() => () => {
    if (timer.current !== null) clearTimeout(timer.current);
  }, []);
  return { messageKey, show };
}
