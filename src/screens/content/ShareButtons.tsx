import { useTranslation } from 'react-i18next';
import { useOrg } from '../../org/OrgContext.tsx';

/** §9 "Social icon size 32". */
const ICON_PX = 32;

const NETWORKS = [
  { id: 'facebook', labelKey: 'share.facebook', mark: 'f', href: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
  { id: 'twitter', labelKey: 'share.twitter', mark: 'X', href: (url: string, title: string) => `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}` },
  { id: 'reddit', labelKey: 'share.reddit', mark: 'r', href: (url: string, title: string) => `https://www.reddit.com/submit?url=${encodeURIComponent(url)}&title=${encodeURIComponent(title)}` },
  { id: 'email', labelKey: 'share.email', mark: '@', href: (url: string, title: string) => `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}` },
] as const;

/**
 * §2 "share buttons (public org and sharing on)"; §2 "Social sharing offers facebook, twitter, reddit,
 * email": links that open the network's own share page in a new tab (no script of theirs on this
 * page), each named in words; nothing at all for a private organisation or one that turned sharing off.
 */
export function ShareButtons({ title, url = window.location.href, allowed }: { title: string; url?: string; allowed: boolean }) {
  const { t } = useTranslation();
  if (!allowed) return null;
  return (
    <nav className="share-buttons" aria-label={t('share.title')}>
      <ul>
        {NETWORKS.map((network) => (
          <li key={network.id}>
            <a
              href={network.href(url, title)}
              {...(network.id === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              className={`share-${network.id}`}
            >
              <svg width={ICON_PX} height={ICON_PX} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
                <circle cx="16" cy="16" r="16" />
                <text x="16" y="21.5" textAnchor="middle" fontSize="16" fontWeight="700">{network.mark}</text>
              </svg>
              <span>{t(network.labelKey)}</span>
              {network.id === 'email' ? null : <span className="visually-hidden"> {t('form.link.newTab')}</span>}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** ShareButtons on a page of the organisation: §6 "Sharing needs public org and sharing flags". */
export function OrgShareButtons({ title }: { title: string }) {
  const { boot } = useOrg();
  const { isPublic, showNotificationsToMemberPortalSocialSharing } = boot.organization;
  return <ShareButtons title={title} allowed={isPublic && showNotificationsToMemberPortalSocialSharing} />;
}
