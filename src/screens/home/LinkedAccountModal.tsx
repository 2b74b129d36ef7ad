import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigation, readCookie, writeOrgCookie } from '../../api/client.ts';
import { Dialog } from '../../ui/Dialog.tsx';

/** §4 "Redirect modal dismissal sets cookie redirectModalShown (86400 s)". */
export const REDIRECT_MODAL_COOKIE = 'redirectModalShown';
export const REDIRECT_MODAL_SECONDS = 86_400;

/**
 * §2 home "forced linked-account redirect modal" (feature flag PUBLIC_PORTAL_FORCE_LINKED_ACCOUNT_TO_UP,
 * §6): a member whose account is not linked to the organisation's public portal is asked to link it
 * there. Continue goes to the universal profile (`target`, with the orgId); "Not now", Escape or the
 * close button dismiss it for a day (the cookie, on the organisation's addresses only). HomeScreen
 * decides whether it applies; this draws it and remembers the dismissal.
 */
export function LinkedAccountModal({ orgId, orgName, target }: { orgId: string; orgName: string; target: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !readCookie(REDIRECT_MODAL_COOKIE));
  if (!open) return null;
  const dismiss = () => {
    writeOrgCookie(orgId, REDIRECT_MODAL_COOKIE, 'true', REDIRECT_MODAL_SECONDS);
    setOpen(false);
  };
  return (
    <Dialog title={t('home.linkedAccount.title')} onClose={dismiss}>
      <p>{t('home.linkedAccount.text', { orgName })}</p>
      <div className="dialog-actions">
        <button
          type="button" className="button button-primary" data-autofocus
          onClick={() => {
            writeOrgCookie(orgId, REDIRECT_MODAL_COOKIE, 'true', REDIRECT_MODAL_SECONDS);
            navigation.assign(target);
          }}
        >
          {t('home.linkedAccount.continue')}
        </button>
        <button type="button" className="button" onClick={dismiss}>{t('home.linkedAccount.later')}</button>
      </div>
    </Dialog>
  );
}
