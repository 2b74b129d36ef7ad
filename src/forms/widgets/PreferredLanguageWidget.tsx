import type { WidgetProps } from '@rjsf/utils';
import { LANGUAGES } from '../../../schemas/languages.ts';
import { SelectControl } from './SelectControl.tsx';

const CHOICES = LANGUAGES.map((language) => ({ value: language.lang, label: language.name, lang: language.lang.replace('_', '-') }));

/** §9 languages, each by its own name (as the language selector shows them). */
export function PreferredLanguageWidget(props: WidgetProps) {
  return <SelectControl {...props} choices={CHOICES} />;
}
