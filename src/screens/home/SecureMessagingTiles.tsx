import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Account } from '../../../schemas/account.ts';
import { isFollowableUrl } from '../../../schemas/followableUrl.ts';

/** §2 "secure chat (title uppercased for en_US and en_GB)". */
const UPPERCASE_CHAT_TITLE = new Set(['en_US', 'en_GB']);

interface Tile {
  id: string;
  title: string;
  description: string;
  /** An address outside the portal, opened in a new tab… */
  href?: string;
  /** …or a page of the portal. */
  to?: string;
}

/**
 * §2 home "tiles for HIPAA bridge and secure bridge (new tab) and secure chat", each by the
 * account's flag (§3 hasHipaaBridge, hasSecureBridge with sbWebUri, showDirectoryChat): the two
 * bridges are the organisation's services at their own addresses (settings `secureMessaging`), the
 * chat is the portal's `chat` page. A tile is a link with its name and what it is for; one that
 * opens a new tab says so in words. Nothing is drawn without a tile.
 */
export function SecureMessagingTiles({ orgId, account, hipaaBridgeUrl }: { orgId: string; account: Account; hipaaBridgeUrl: string }) {
  const { t, i18n } = useTranslation();
  const chatTitle = t('page.title.chat');
  const tiles: Tile[] = [
    ...(account.hasHipaaBridge && isFollowableUrl(hipaaBridgeUrl)
      ? [{ id: 'hipaaBridge', title: t('home.tiles.hipaaBridge'), description: t('home.tiles.hipaaBridge.description'), href: hipaaBridgeUrl }] : []),
    ...(account.hasSecureBridge && isFollowableUrl(account.sbWebUri)
      ? [{ id: 'secureBridge', title: t('home.tiles.secureBridge'), description: t('home.tiles.secureBridge.description'), href: account.sbWebUri }] : []),
    ...(account.showDirectoryChat ? [{
      id: 'chat',
      title: UPPERCASE_CHAT_TITLE.has(i18n.language) ? chatTitle.toLocaleUpperCase('en') : chatTitle,
      description: t('home.tiles.chat.description'),
      to: `/${encodeURIComponent(orgId)}/chat`,
    }] : []),
  ];
  if (tiles.length === 0) return null;
  return (
    <section aria-labelledby="home-tiles-title">
      <h2 id="home-tiles-title">{t('home.tiles.title')}</h2>
      <ul className="home-tiles">
        {tiles.map((tile) => {
          const content = (
            <>
              <span className="home-tile-title">{tile.title}{tile.href ? <span aria-hidden="true"> ↗</span> : null}</span>
              <span className="home-tile-description">{tile.description}</span>
              {tile.href ? <span className="visually-hidden"> {t('home.tiles.newTab')}</span> : null}
            </>
          );
          return (
            <li key={tile.id} data-tile={tile.id}>
              {tile.href
                ? <a className="home-tile" href={tile.href} target="_blank" rel="noopener noreferrer">{content}</a>
                : <Link className="home-tile" to={tile.to!}>{content}</Link>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
