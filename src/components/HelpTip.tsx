import { useTranslation } from 'react-i18next';
import type { HelpType } from '../../schemas/helpTypes.ts';
import { useHelpAndAnswer } from '../api/hooks.ts';

/**
 * §2 "A help-and-answer tip is shown on each page". The HTML is the organisation's, sanitised by the
 * server before it is sent (server/routes/pages.ts).
 */
export function HelpTip({ orgId, type }: { orgId: string; type: HelpType | undefined }) {
  const { t } = useTranslation();
  const { data } = useHelpAndAnswer(orgId, type);
  if (!data?.content) return null;
  return (
    <aside className="help-tip" aria-labelledby="help-tip-title">
      <h2 id="help-tip-title">{t('help.title')}</h2>
      <div dangerouslySetInnerHTML={{ __html: data.content }} />
    </aside>
  );
}
