import { useTranslation } from 'react-i18next';
import type { HelpType } from '../../schemas/helpTypes.ts';
import { htmlLang } from '../../schemas/languages.ts';
import { useHelpAndAnswer } from '../api/hooks.ts';

/**
 * §2 "A help-and-answer tip is shown on each page", as a disclosure after the page's title (issue
 * 11): closed, it costs one line above the form on a phone. The HTML is the organisation's,
 * sanitised by the server before it is sent (server/routes/pages.ts).
 */
export function HelpTip({ orgId, type }: { orgId: string; type: HelpType | undefined }) {
  const { t, i18n } = useTranslation();
  const { data } = useHelpAndAnswer(orgId, type, i18n.language);
  if (!data?.content) return null;
  return (
    <details className="help-tip">
      <summary>{t('help.summary')}</summary>
      {/*
        The organisation's own text (issue 11): in the member's language when the organisation gave it
        in that language, else in its own, and marked so (lang); its direction is its own, not the
        page's, e.g. English help in an Arabic page keeps its punctuation where it belongs.
      */}
      <div className="help-tip-content" lang={htmlLang(data.lang)} dir="auto" dangerouslySetInnerHTML={{ __html: data.content }} />
    </details>
  );
}
