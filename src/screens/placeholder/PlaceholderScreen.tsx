import { useTranslation } from 'react-i18next';
import { useCurrentScreen } from '../../app/OrgContext.tsx';

/**
 * The stand-in for a screen whose issue has not landed yet: its routing, guards, flags, title and
 * help tip are real (screens.config.ts); the page says plainly that its content comes later.
 */
export default function PlaceholderScreen() {
  const { t } = useTranslation();
  const screen = useCurrentScreen();
  return (
    <section className="card" data-screen={screen?.id}>
      <h2 className="page-heading">{screen ? t(screen.titleKey) : null}</h2>
      <p className="notice">{t('page.placeholder')}</p>
    </section>
  );
}
