import { useTranslation } from 'react-i18next';
import type { CapFacts as Facts } from '../../../schemas/api/publicContent.ts';

/** The CAP values the catalogues word (CAP 1.2 §3.2.1); another value is shown as sent. */
const WORDED = {
  severity: ['Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown'],
  urgency: ['Immediate', 'Expected', 'Future', 'Past', 'Unknown'],
  certainty: ['Observed', 'Likely', 'Possible', 'Unlikely', 'Unknown'],
} as const;

/**
 * An alert's CAP facts in words, not colour alone (issue 14 "beyond the spec"): what, how severe, how
 * urgent, how certain, where and from whom, as a description list a screen reader reads in order.
 * The severity also colours the list's edge (`data-severity`), which adds nothing the words do not say.
 */
export function CapFacts({ facts, compact = false }: { facts: Facts; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const word = (field: keyof typeof WORDED, value: string | undefined) => {
    if (!value) return null;
    const key = `cap.${field}.${value}`;
    return (WORDED[field] as readonly string[]).includes(value) && i18n.exists(key) ? t(key) : value;
  };
  const rows: [string, string | null | undefined][] = [
    ['weather.fact.severity', word('severity', facts.severity)],
    ['weather.fact.urgency', word('urgency', facts.urgency)],
    ['weather.fact.certainty', word('certainty', facts.certainty)],
    ['weather.fact.area', facts.areaDesc],
    ...(compact ? [] : [['weather.fact.sender', facts.senderName]] as [string, string | undefined][]),
  ];
  return (
    <dl className="cap-facts" data-severity={facts.severity?.toLowerCase()}>
      {rows.filter(([, value]) => value).map(([label, value]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
