import { useTranslation } from 'react-i18next';
import type { HelpType } from '../../schemas/helpTypes.ts';
import { useHelpAndAnswer } from '../api/hooks.ts';

/**
 * §2 "A help-and-answer tip is shown on each page", as a disclosure after the page's title (issue
 * 11): closed, it costs one line above the form on a phone. The HTML is the organisation's,
 * sanitised by the server before it is sent (server/routes/pages.ts).
 */
export function HelpTip({ orgId, type }: { orgId: string; type: HelpType | undefined }) {
  const { t } = useTranslation();
  const { data } = useHelpAndAnswer(orgId, type);
  if (!data?.content) return null;
  return (
    <details className="help-tip">
      <summary>{t('help.summary')}</summary>
      {/* The organisation's own text: its direction is its own, not the page's (issue 11), e.g. English help in an Arabic page. */}
      <div className="help-tip-content" dir="auto" dangerouslySetInnerHTML={{ __html: data.content }} />
    </details>
  );
}
