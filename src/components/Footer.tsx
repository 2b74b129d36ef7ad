import { useTranslation } from 'react-i18next';
import { followableUrlOr } from '../../schemas/followableUrl.ts';

export interface FooterProps {
  orgName: string | null;
  termsUrl: string;
  privacyUrl: string;
  serverVersion: string | null;
}

/** `text` as a left-to-right isolate inside any paragraph direction. */
const ltr = (text: string) => `\u2066${text}\u2069`;

/** §2 "Footer: terms and privacy links, copyright year, server version, front-end version". */
export function Footer({ orgName, termsUrl, privacyUrl, serverVersion }: FooterProps) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="footer-inner">
        <ul>
          {/* Only an http(s) address or a path of this site is linked (issue 9 row 17); else the built-in page. */}
          <li><a href={followableUrlOr(termsUrl, '/public/legal/terms.html')}>{t('footer.terms')}</a></li>
          <li><a href={followableUrlOr(privacyUrl, '/public/legal/privacy.html')}>{t('footer.privacy')}</a></li>
        </ul>
        <span>{t('footer.copyright', { year, orgName: orgName ?? t('app.title') })}</span>
        <span>
          {/* Version strings are Latin text: <bdi> keeps each label whole in right-to-left pages, and the
              version itself is a left-to-right isolate (U+2066 … U+2069), so "0.1.0+abc123" reads as written. */}
          {serverVersion ? <><bdi>{t('footer.serverVersion', { version: ltr(serverVersion) })}</bdi> · </> : null}
          <bdi>{t('footer.frontEndVersion', { version: ltr(__BUILD_ID__) })}</bdi>
        </span>
      </div>
    </footer>
  );
}
