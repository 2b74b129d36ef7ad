import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { takeFlash, type FlashNotice as Notice } from '../api/flash.ts';

/**
 * The outcome of what the member just did, on the page it led to (issue 11): "You have signed out",
 * "Your account and its data have been deleted", or the sign-up's confirmation with a summary of what
 * was saved and the next step. Shown once; `kinds` says which this page shows (others are left alone).
 */
/**
 * The notice taken for one visit of a page (the router's location object of that visit): a screen
 * may be mounted more than once while the visit lasts (React's strict mode, a guard), and each mount
 * shows it; the next visit, even of the same address, does not.
 */
let taken: { notice: Notice; visit: object } | null = null;

function noticeFor(visit: object, kinds: readonly Notice['kind'][]): Notice | null {
  const fresh = takeFlash(kinds);
  if (fresh) taken = { notice: fresh, visit };
  return taken && taken.visit === visit ? taken.notice : null;
}

export function FlashNotice({ kinds, orgName, profilePath }: { kinds: readonly Notice['kind'][]; orgName: string; profilePath?: string }) {
  const { t } = useTranslation();
  const visit = useLocation();
  const [notice] = useState(() => noticeFor(visit, kinds));
  if (!notice) return null;
  if (notice.kind !== 'signedUp') {
    return <p role="status" className="notice-ok">{t(notice.kind === 'signedOut' ? 'notice.signedOut' : 'notice.accountDeleted')}</p>;
  }
  return (
    <div role="status" className="notice-ok">
      <h2>{t('notice.signedUp.title')}</h2>
      {notice.username ? <p>{t('notice.signedUp.username', { username: notice.username })}</p> : null}
      {notice.reach.length ? (
        <>
          <p>{t('notice.signedUp.reach', { orgName })}</p>
          <ul>{notice.reach.map((way) => <li key={way}>{way}</li>)}</ul>
        </>
      ) : null}
      <p>{t('notice.signedUp.next')}{profilePath ? <> <Link to={profilePath}>{t('notice.signedUp.profileLink')}</Link></> : null}</p>
    </div>
  );
}
