import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAccount as requestAccountDeletion } from '../../api/accounts.ts';
import { isFollowableUrl } from '../../../schemas/followableUrl.ts';
import { navigation } from '../../api/client.ts';
import { dataExportUrl } from '../../api/dataExport.ts';
import { writeFlash } from '../../api/flash.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { ChangePasswordDialog, useSuccessAlert } from '../../components/ChangePasswordDialog.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FlashNotice } from '../../ui/FlashNotice.tsx';
// The buttons and dialogs are styled there; the form engine itself is loaded only with the change-password form.
import '../../styles/forms.css';
import { PageHeading } from '../../components/PageHeading.tsx';
import { withPluralCount } from '../../i18n/withPluralCount.ts';
import { admitScreen } from '../../app/resolveScreen.ts';
import { useScreenRegistry } from '../../app/ScreenRegistryContext.ts';
import { useScreenContext } from '../../app/useScreenContext.ts';
import { Link } from 'react-router';
import { ProfileSummary, SectionLinks } from './ProfileSummary.tsx';
import { useContactPaths, useProfile } from '../../api/hooks.ts';
import { timeZoneDiffers } from './timeZoneWarning.ts';
import { TestNotificationPanel } from '../../components/testNotification/TestNotificationPanel.tsx';
import { GroupMemberships } from './GroupMemberships.tsx';
import { SecureMessagingTiles } from './SecureMessagingTiles.tsx';
import { LinkedAccountModal } from './LinkedAccountModal.tsx';
import { universalProfileUrl } from '../../../schemas/universalProfile.ts';
import { PathConfirmations } from '../../components/pathConfirmation/PathConfirmations.tsx';

/** The current page anew: what §4/§8 call "reload". */
const reload = () => navigation.assign(navigation.current().href);
const SIGNED_UP = ['signedUp'] as const;
/** "Would this alert reach me?" (issue 13): home draws its disclosure; what it holds is loaded when it is opened. */
const AlertReachContent = lazy(() => import('../subscriptions/AlertReachPanel.tsx'));

function AlertReachDisclosure({ contactId }: { contactId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details className="alert-reach" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('reach.title')}</summary>
      {open ? <Suspense fallback={<p role="status">{t('loading')}</p>}><AlertReachContent contactId={contactId} /></Suspense> : null}
    </details>
  );
}

/** §2 "sections with edit/view links to my-profile, my-location, my-subscription and my-additionalInformation". */
const SECTION_SCREENS = ['myProfile', 'myLocation', 'mySubscription', 'myAdditionalInformation'];

/** The member's pages this organisation has, as links: each exactly when its screen would render for this member. */
function useSectionLinks() {
  const { screens } = useScreenRegistry();
  const ctx = useScreenContext();
  return SECTION_SCREENS.flatMap((id) => {
    const screen = screens.find((candidate) => candidate.id === id);
    if (!screen || admitScreen(screens, screen, ctx).kind !== 'render') return [];
    return [{ id, to: `/${ctx.orgId}/${screen.path}`, titleKey: screen.titleKey }];
  });
}

type OpenDialog = 'changePassword' | 'confirmDelete' | null;

/** Refusals that are about the password given, shown beside it with the dialog kept open; any other failure is §8's alert then reload. */
const PASSWORD_REFUSALS = new Set(['ssp.password.current.invalid', 'login.password.required', 'login.throttled', 'ssp.request.account.locked.fedRamp']);

/**
 * §2 home page, its account part: the member's name and username, the change-password modal (for
 * an account with a username), and, for public organisations with feature flag
 * cme_mbr_delelteButton on, account deletion after a confirmation that asks for the current
 * password (issue 9 row 16; an account without a username has no password here: the server asks
 * it for a fresh sign-in instead). §4 "Account deletion: status 'yes' goes to public-portal home if
 * from there, else reload"; §8 "Deletion failure: alert for errorCode then reload" (a wrong password
 * is said beside the field instead, so the member can try again). The profile summary, sections and
 * the group-membership list (GroupMemberships.tsx) are drawn from their own calls; so is the
 * confirmation of paths not confirmed yet (PathConfirmations). The secure-messaging tiles
 * (SecureMessagingTiles.tsx) follow the account's flags, and the forced linked-account question
 * (LinkedAccountModal.tsx) the organisation's flag and the member's profile.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const { boot, flags, account, entryFromPublicPortal } = useOrg();
  const orgId = boot.orgId;
  const org = boot.organization;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<{ key: string; minutes?: number } | null>(null);
  const notice = useSuccessAlert();
  const canDelete = org.isPublic && flags.cme_mbr_delelteButton;
  const needsPassword = Boolean(account?.username);
  const passwordId = useId();
  const contactId = account?.id ?? 0;
  // The same calls (and cache) as the profile page's: a save there is what home shows.
  const profile = useProfile(orgId, account ? contactId : null);
  const paths = useContactPaths(orgId, account ? contactId : null);
  const sections = useSectionLinks();
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const profileZone = profile.data?.timeZone ?? '';
  const zoneLabel = profile.data?.timezones.find((zone) => zone.id === profileZone)?.displayLabel ?? profileZone;
  // §2 "forced linked-account redirect modal": the flag on, a universal profile to go to, and this account not linked to it.
  const linkTarget = flags.PUBLIC_PORTAL_FORCE_LINKED_ACCOUNT_TO_UP && profile.data && !profile.data.hasUniversalProfile ? universalProfileUrl(org, orgId) : null;

  function closeDeleteDialog() {
    setDialog(null);
    setPasswordError(null);
  }

  async function deleteAccount(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = needsPassword ? String(new FormData(event.currentTarget).get('password') ?? '') : null;
    if (password === '') {
      setPasswordError({ key: 'login.password.required' });
      return;
    }
    setDeleting(true);
    const result = await requestAccountDeletion(orgId, password);
    if (!result.hasError && result.data?.status === 'yes') {
      // §4 "Delete-account confirm clears stored cookies": the server's answer clears them (routes/account.ts).
      // Only to an http(s) address or a path of this site, never a stored javascript: (issue 9 row 17).
      const portalUrl = org.publicPortal.url;
      if (entryFromPublicPortal && isFollowableUrl(portalUrl)) navigation.assign(portalUrl);
      else {
        writeFlash({ kind: 'accountDeleted' });
        reload();
      }
      return;
    }
    setDeleting(false);
    const errorCode = result.data?.errorCode;
    if (needsPassword && errorCode && PASSWORD_REFUSALS.has(errorCode)) {
      setPasswordError({ key: errorCode, minutes: result.data?.fedrampLockTime });
      return;
    }
    closeDeleteDialog();
    setDeleteFailure(errorCode ?? 'ssp.account.delete.failed');
  }

  return (
    <section className="card" aria-labelledby="home-title" data-screen="home">
      <PageHeading id="home-title">{t('page.title.home')}</PageHeading>
      {notice.messageKey ? <p role="status" className="notice-ok">{t(notice.messageKey)}</p> : null}
      <FlashNotice kinds={SIGNED_UP} orgName={org.orgName} profilePath={`/${encodeURIComponent(orgId)}/my-profile`} />

      {profileZone && timeZoneDiffers(profileZone, deviceZone, new Date()) ? (
        <p className="notice" data-notice="timeZone">
          {t('home.timeZone.warning', { device: deviceZone, profile: zoneLabel })}{' '}
          <Link to={`/${encodeURIComponent(orgId)}/my-profile`}>{t('home.timeZone.change')}</Link>
        </p>
      ) : null}

      {profile.error || paths.error ? <p className="notice" role="alert">{t('home.profile.loadFailed')}</p> : null}
      {profile.data && paths.data ? (
        <>
          <ProfileSummary profile={profile.data} paths={paths.data.contactPaths} unconfirmedPathsReceive={paths.data.unconfirmedPathsReceive} />
          <PathConfirmations
            orgId={orgId} contactId={contactId} paths={paths.data.contactPaths} unconfirmedPathsReceive={paths.data.unconfirmedPathsReceive}
            onConfirmed={() => void paths.mutate()}
          />
        </>
      ) : null}
      {/* §2 "'send test notification' with captcha when permitted": a closed disclosure until the member opens it. */}
      {profile.data?.sendNotificationPermission.permission ? <TestNotificationPanel orgId={orgId} contactId={contactId} /> : null}
      {(profile.isLoading || paths.isLoading) ? <p role="status" className="hint">{t('loading')}</p> : null}

      <SectionLinks links={sections} />
      {account && org.showAlertSubscription ? <AlertReachDisclosure contactId={contactId} /> : null}
      {account && org.groupMemberShipSetting.exposed ? <GroupMemberships orgId={orgId} contactId={contactId} /> : null}
      {account ? <SecureMessagingTiles orgId={orgId} account={account} hipaaBridgeUrl={org.secureMessaging.hipaaBridgeUrl} /> : null}

      {account ? (
        <section aria-labelledby="home-account-title">
          <h2 id="home-account-title">{t('home.account.title')}</h2>
          {/* Issue 15: passkeys, the authenticator app and recovery codes, on a page of their own. */}
          <p className="home-security">
            <Link to={`/${encodeURIComponent(orgId)}/my-security`} aria-describedby="home-security-hint">{t('home.account.security')}</Link>
            <br />
            <span id="home-security-hint" className="hint">{t('home.account.security.hint')}</span>
          </p>
          {/* Issue 12 "download my data": a plain GET with the session's cookie, saved as the file the server names. */}
          <p className="home-download">
            <a href={dataExportUrl(orgId, contactId)} download aria-describedby="home-download-hint">{t('home.account.download')}</a>
            <br />
            <span id="home-download-hint" className="hint">{t('home.account.download.hint')}</span>
          </p>
          {account.username || canDelete ? (
            <div className="form-actions">
              {account.username ? (
                <button type="button" className="button" onClick={() => setDialog('changePassword')}>{t('home.account.changePassword')}</button>
              ) : null}
              {canDelete ? (
                <button type="button" className="button button-danger" disabled={deleting} onClick={() => setDialog('confirmDelete')}>
                  {t('home.account.delete')}
                </button>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}

      {linkTarget && !dialog && !deleteFailure ? <LinkedAccountModal orgId={orgId} orgName={org.orgName} target={linkTarget} /> : null}
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
        // The question names what goes; the focus starts on the password (typing it deletes nothing) or,
        // without one, on the harmless answer.
        <Dialog title={t('form.dialog.confirm.title')} onClose={closeDeleteDialog}>
          <form className="dialog-form" onSubmit={(event) => void deleteAccount(event)} noValidate>
            <p>{t('ssp.account.delete.confirm')}</p>
            {needsPassword ? (
              <div className={`field${passwordError ? ' field-invalid' : ''}`}>
                <label className="field-label" htmlFor={passwordId}>{t('changePassword.currentPassword.label')}</label>
                <p id={`${passwordId}-help`} className="field-help">{t('ssp.account.delete.password.hint')}</p>
                <input
                  id={passwordId}
                  name="password"
                  type="password"
                  className="input"
                  autoComplete="current-password"
                  required
                  aria-required="true"
                  aria-invalid={passwordError ? true : undefined}
                  aria-describedby={`${passwordId}-help${passwordError ? ` ${passwordId}-error` : ''}`}
                  data-autofocus
                />
                {passwordError ? (
                  <p id={`${passwordId}-error`} role="alert" className="field-error">
                    {t(passwordError.key, withPluralCount({ minutes: passwordError.minutes }))}
                  </p>
                ) : null}
              </div>
            ) : null}
            <div className="dialog-actions">
              <button type="submit" className="button button-danger" disabled={deleting}>{t('home.account.delete.confirm')}</button>
              <button type="button" className="button" onClick={closeDeleteDialog} data-autofocus={needsPassword ? undefined : true}>{t('form.dialog.cancel')}</button>
            </div>
          </form>
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
