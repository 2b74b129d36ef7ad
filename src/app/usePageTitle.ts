import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** §2 "Page title is org name plus page title". */
export function pageTitle(orgName: string | null, title: string): string {
  return orgName ? `${orgName} - ${title}` : title;
}

export function usePageTitle(orgName: string | null, titleKey: string): void {
  const { t } = useTranslation();
  const title = pageTitle(orgName, t(titleKey));
  useEffect(() => {
    document.title = title;
  }, [title]);
}
