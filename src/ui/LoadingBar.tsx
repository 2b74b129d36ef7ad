import { useTranslation } from 'react-i18next';

/** §4 "Requests show a global loading indicator and hide it on finish". */
export function LoadingBar() {
  const { t } = useTranslation();
  return <div className="loading-bar" role="progressbar" aria-label={t('loading')} />;
}
