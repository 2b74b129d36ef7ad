import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../schemas/forms/types.ts';
import { idOfPointer } from './pointers.ts';

/** One field of the summary: its label and every message shown at it. */
export interface ErrorSummaryEntry {
  pointer: string;
  label: string;
  messages: string[];
}

/** A message shown at its field: the error and its text in the reader's language. */
export interface TranslatedError {
  pointer: string;
  message: string;
  error: FieldError;
}

/**
 * The summary's entries: one per field, in the order shown, its label (`labelOf` a label key) and its
 * distinct messages. Messages inside a field of the same label (the parts of an object one widget
 * draws: a polygon's type and rings) belong to that field's one entry.
 */
export function errorSummaryEntries(shown: readonly TranslatedError[], labelOf: (label: string) => string): ErrorSummaryEntry[] {
  const byPointer = new Map<string, ErrorSummaryEntry>();
  for (const { pointer, message, error } of shown) {
    const entry = byPointer.get(pointer);
    if (entry) {
      if (!entry.messages.includes(message)) entry.messages.push(message);
    } else {
      const label = typeof error.params.label === 'string' ? labelOf(error.params.label) : '';
      byPointer.set(pointer, { pointer, label, messages: [message] });
    }
  }
  const entries = [...byPointer.values()];
  const outer = (entry: ErrorSummaryEntry) => entries.find((other) => other !== entry && other.label === entry.label && entry.label !== ''
    && entry.pointer.startsWith(`${other.pointer === '/' ? '' : other.pointer}/`));
  const merged: ErrorSummaryEntry[] = [];
  for (const entry of entries) {
    let into = outer(entry);
    for (let next = into && outer(into); next; next = outer(next)) into = next;
    if (!into) merged.push(entry);
    else for (const message of entry.messages) if (!into.messages.includes(message)) into.messages.push(message);
  }
  return merged;
}

/**
 * Whether an entry's messages already name its field ("First name is required."): then the label is
 * not said twice (issue 11). A message that does not ("Please enter a valid email address.") gets it in
 * front, so two fields of one kind can be told apart.
 */
function namesItsField(entry: ErrorSummaryEntry): boolean {
  return entry.label === '' || entry.messages.some((message) => message.includes(entry.label));
}

interface ErrorSummaryProps {
  /** The heading's id: SchemaForm moves the focus there after a refused submit. */
  headingId: string;
  idPrefix: string;
  entries: readonly ErrorSummaryEntry[];
  onSelect: (pointer: string) => void;
}

/**
 * §2 "grouped error summary", GOV.UK style ("There is a problem"): every field in error, once, with
 * its messages; each entry links to its field and moves the focus there. It is no live region: the
 * focus moves to its heading after a refused submit (SchemaForm), which is what a screen reader reads.
 */
export function ErrorSummary({ headingId, idPrefix, entries, onSelect }: ErrorSummaryProps) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <div className="error-summary" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>{t('form.errorSummary.title')}</h2>
      <ul>
        {entries.map((entry) => (
          <li key={entry.pointer}>
            <a
              href={`#${idOfPointer(idPrefix, entry.pointer)}`}
              onClick={(event) => {
                event.preventDefault();
                onSelect(entry.pointer);
              }}
            >
              {namesItsField(entry) ? '' : `${entry.label}: `}{entry.messages.join(' ')}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
