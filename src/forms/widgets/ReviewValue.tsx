import { useTranslation } from 'react-i18next';

/** A value in read-only review (§2 review page); §3 "placeholder 'Not Provided'" when empty. */
export function ReviewValue({ text }: { text: string | null | undefined }) {
  const { t } = useTranslation();
  const empty = text === null || text === undefined || text === '';
  return <span className={`review-value${empty ? ' review-empty' : ''}`}>{empty ? t('form.review.notProvided') : text}</span>;
}
