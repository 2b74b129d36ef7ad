import { useTranslation } from 'react-i18next';
import { useCurrentScreen, useScreenMode } from '../../app/useScreenMode.ts';
import { PageHeading } from '../../components/PageHeading.tsx';

/**
 * The stand-in for a screen whose issue has not landed yet: its routing, guards, flags, title and
 * help tip are real (screens.config.ts); the page says plainly that its content comes later. A
 * sign-up form's step, edit-* and my-* pages share one module and tell themselves apart by their
 * mode (§2), which the page carries as `data-mode` until the form's own screen reads it.
 */
export default function PlaceholderScreen() {
  const { t } = useTranslation();
  const screen = useCurrentScreen();
  const mode = useScreenMode();
  return (
    <section className="card" data-screen={screen?.id} data-mode={mode ?? undefined}>
      <PageHeading>{screen ? t(screen.titleKey) : null}</PageHeading>
      <p className="notice">{t('page.placeholder')}</p>
    </section>
  );
}
