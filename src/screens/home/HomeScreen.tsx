import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAccount as requestAccountDeletion } from '../../api/accounts.ts';
import { isFollowableUrl } from '../../../schemas/followableUrl.ts';
import { navigation } from '../../api/client.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { ChangePasswordDialog, useSuccessAlert } from '../../components/ChangePasswordDialog.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
// The buttons and dialogs are styled there; the form engine itself is loaded only with the change-password form.
import '../../styles/forms.css';

/** The current page anew: what §4/§8 call "reload". */
const reload = () => navigation.assign(navigation.current().href);

/** Label and value side by side (the profile summary of the profile issue will bring its own styles). */
const ACCOUNT_LIST_STYLE = { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' } as const;

type OpenDialog = 'changePassword' | 'confirmDelete' | null;

/**
 * §2 home page, its account part: the member's name and username, the change-password modal (for
 * an account with a username), and, for public organisations with feature flag
 * cme_mbr_delelteButton on, account deletion after a confirmation. §4 "Account deletion: status
 * 'yes' goes to public-portal home if from there, else reload"; §8 "Deletion failure: alert for
 * errorCode then reload". The profile summary, sections, group membership and tiles of §2 arrive
 * with the profile.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const { boot, flags, account, entryFromPublicPortal } = useOrg();
  const orgId = boot.orgId;
  const org = boot.organization;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const notice = useSuccessAlert();
  const canDelete = org.isPublic && flags.cme_mbr_delelteButton;

  async function deleteAccount() {
    setDialog(null);
    setDeleting(true);
    const result = await requestAccountDeletion(orgId);
    if (!result.hasError && result.data?.status === 'yes') {
      // §4 "Delete-account confirm clears stored cookies": the server's answer clears them (routes/account.ts).
      // Only to an http(s) address or a path of this site, never a stored javascript: (issue 9 row 17).
      const portalUrl = org.publicPortal.url;
      if (entryFromPublicPortal && isFollowableUrl(portalUrl)) navigation.assign(portalUrl);
      else reload();
      return;
    }
    setDeleteFailure(result.data?.errorCode ?? 'ssp.account.delete.failed');
  }

  return (
    <section className="card" aria-labelledby="home-title" data-screen="home">
      <h2 id="home-title" className="page-heading">{t('page.title.home')}</h2>
      {notice.messageKey ? <p role="status" className="notice-ok">{t(notice.messageKey)}</p> : null}

      <section aria-labelledby="home-account-title">
        <h3 id="home-account-title">{t('home.account.title')}</h3>
        <dl style={ACCOUNT_LIST_STYLE}>
          <dt>{t('home.account.name')}</dt>
          <dd style={{ margin: 0 }}>{account?.name}</dd>
          {account?.username ? (
            <>
              <dt>{t('home.account.username')}</dt>
              <dd style={{ margin: 0 }}>{account.username}</dd>
            </>
          ) : null}
        </dl>
        <div className="form-actions">
          {account?.username ? (
            <button type="button" className="button" onClick={() => setDialog('changePassword')}>{t('home.account.changePassword')}</button>
          ) : null}
          {canDelete ? (
            <button type="button" className="button button-danger" disabled={deleting} onClick={() => setDialog('confirmDelete')}>
              {t('home.account.delete')}
            </button>
          ) : null}
        </div>
      </section>

      <p className="notice">{t('home.placeholder')}</p>

      {dialog === 'changePassword' ? (
        <ChangePasswordDialog
          onClose={() => setDialog(null)}
          onChanged={() => {
            setDialog(null);
            notice.show('ssp.password.change.success');
          }}
        />
      ) : null}
      {dialog === 'confirmDelete' ? (
        // The question names what goes; the focus starts on the harmless answer.
        <Dialog title={t('form.dialog.confirm.title')} onClose={() => setDialog(null)}>
          <p>{t('ssp.account.delete.confirm')}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-danger" onClick={() => void deleteAccount()}>{t('home.account.delete.confirm')}</button>
            <button type="button" className="button" onClick={() => setDialog(null)} data-autofocus>{t('form.dialog.cancel')}</button>
          </div>
        </Dialog>
      ) : null}
      {deleteFailure ? (
        <Dialog title={t('home.account.delete.failed.title')} onClose={reload}>
          <p role="alert">{t(deleteFailure, { defaultValue: t('ssp.account.delete.failed') })}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={reload}>{t('form.dialog.ok')}</button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
