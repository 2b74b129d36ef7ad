import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ContactPathsAnswer, ProfileAnswer } from '../../../schemas/api/profile.ts';
import { useContactPaths, useProfile } from '../../api/hooks.ts';
import { nextProgressStep } from '../../app/nextProgressStep.ts';
import { useScreenRegistry } from '../../app/ScreenRegistryContext.ts';
import { useScreenContext } from '../../app/useScreenContext.ts';
import { useCurrentScreen, useScreenMode } from '../../app/useScreenMode.ts';
import { ChangePasswordDialog, useSuccessAlert } from '../../components/ChangePasswordDialog.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useOrg } from '../../org/OrgContext.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { PathConfirmations } from '../../components/pathConfirmation/PathConfirmations.tsx';
import { ProfileForm, type SaveOutcome } from './ProfileForm.tsx';

/** What the page says above the form after a save (kept here: a save refreshes the data and draws the form anew). */
type Notice = 'saved' | 'conflict' | null;

/**
 * §2 Profile page, one module for its three addresses (`useScreenMode()`): the sign-up step
 * new/account/profile ('step': one submit, then the next step of the wizard), its edit page
 * new/account/edit-profile and the member's my-profile ('edit', 'my': Cancel and Save, §8
 * 'ssp.save.success' and the page stays with the stored data). The form is the profile builder's,
 * filled from `GET …/profile` and `GET …/contactPaths`; a save that finds the profile changed
 * elsewhere (409 `profile.conflict`) draws the form again from what is stored and says so.
 */
export default function ProfileScreen() {
  const { t } = useTranslation();
  const { boot, account } = useOrg();
  const orgId = boot.orgId;
  const mode = useScreenMode() ?? 'my';
  const screenId = useCurrentScreen()?.id ?? 'myProfile';
  const contactId = account?.id ?? null;
  const profile = useProfile(orgId, contactId);
  const paths = useContactPaths(orgId, contactId);
  const [notice, setNotice] = useState<Notice>(null);
  const navigate = useNavigate();
  const screens = useScreenRegistry().screens;
  const ctx = useScreenContext();

  async function saved(outcome: SaveOutcome) {
    if (outcome === 'saved' && mode === 'step') {
      const next = nextProgressStep(screens, 'profile', ctx);
      navigate(`/${encodeURIComponent(orgId)}/${next ?? 'home'}`);
      return;
    }
    setNotice(outcome);
    await Promise.all([profile.mutate(), paths.mutate()]);
  }

  const ready = profile.data && paths.data;
  return (
    <section className="card" aria-labelledby="profile-title" data-screen={screenId} data-mode={mode}>
      <PageHeading id="profile-title">{t('page.title.profile')}</PageHeading>
      {profile.error || paths.error ? (
        <p role="alert" className="form-alert">{t('profile.load.failed')}</p>
      ) : !ready ? (
        <LoadingBar />
      ) : (
        <ProfileContent profile={profile.data!} paths={paths.data!} mode={mode} notice={notice} onSaved={saved} />
      )}
    </section>
  );
}

interface ProfileContentProps {
  profile: ProfileAnswer;
  paths: ContactPathsAnswer;
  mode: 'step' | 'edit' | 'my';
  notice: Notice;
  onSaved: (outcome: SaveOutcome) => Promise<void>;
}

function ProfileContent({ profile, paths, mode, notice, onSaved }: ProfileContentProps) {
  const { t } = useTranslation();
  const { boot, account } = useOrg();
  const orgId = boot.orgId;
  const [params] = useSearchParams();
  const [changingPassword, setChangingPassword] = useState(false);
  const passwordNotice = useSuccessAlert();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // §9 "success box focus 5 ms": the member hears what the save did where they are.
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => noticeRef.current?.focus(), 5);
    return () => clearTimeout(timer);
  }, [notice]);
  // The version the member edits: the lower of the two answers' (toPayload.ts saveProfileForm).
  const version = Math.min(profile.profileVersion, paths.profileVersion);
  // §2 "Link to ./new?contactId={id} (firstName, lastName, contactId, fromSSO) for unregistered,
  // non-migrated … users not arriving with from=member".
  const registrationLink = profile.showRegistrationLink && !profile.registered && !profile.isMigrated && params.get('from') !== 'member'
    ? `/${encodeURIComponent(orgId)}/new?${new URLSearchParams({
      contactId: String(profile.contactId), firstName: profile.firstName, lastName: profile.lastName,
      ...(params.get('fromSSO') ? { fromSSO: params.get('fromSSO')! } : {}),
    }).toString()}`
    : null;

  return (
    <>
      {notice === 'saved' ? <p ref={noticeRef} tabIndex={-1} role="status" className="notice-ok">{t('ssp.save.success')}</p> : null}
      {notice === 'conflict' ? <p ref={noticeRef} tabIndex={-1} role="alert" className="form-alert">{t('profile.conflict.reloaded')}</p> : null}
      {passwordNotice.messageKey ? <p role="status" className="notice-ok">{t(passwordNotice.messageKey)}</p> : null}
      {registrationLink || (profile.isChangePassword && account?.username) ? (
        <div className="form-actions" style={{ marginBlockEnd: 16 }}>
          {registrationLink ? <Link to={registrationLink}>{t('profile.registration.link')}</Link> : null}
          {profile.isChangePassword && account?.username ? (
            <button type="button" className="button" onClick={() => setChangingPassword(true)}>{t('home.account.changePassword')}</button>
          ) : null}
        </div>
      ) : null}
      {/* Issue 12 "Confirmed contact paths": the codes a save sent; not in the sign-up step, which goes on to the next one. */}
      {mode !== 'step' ? (
        <PathConfirmations orgId={orgId} contactId={profile.contactId} paths={paths.contactPaths} unconfirmedPathsReceive={paths.unconfirmedPathsReceive} />
      ) : null}
      <ProfileForm
        profile={profile}
        paths={paths.contactPaths}
        version={version}
        mode={mode}
        onSaved={onSaved}
      />
      {changingPassword ? (
        <ChangePasswordDialog
          onClose={() => setChangingPassword(false)}
          onChanged={() => {
            setChangingPassword(false);
            passwordNotice.show('ssp.password.change.success');
          }}
        />
      ) : null}
    </>
  );
}
