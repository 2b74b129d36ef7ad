import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { followableUrlOr } from '../../../schemas/followableUrl.ts';
import { CheckboxWidget } from './CheckboxWidget.tsx';

/**
 * §2 "terms acceptance": the accept checkbox (the schema's `const: true` makes it required) and,
 * when `ui:options.termsUrl` is given, a link to the terms that opens in a new tab.
 */
export function TermsWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const url = typeof props.options.termsUrl === 'string' ? followableUrlOr(props.options.termsUrl, null) : null;
  return (
    <CheckboxWidget
      {...props}
      after={url ? <a className="terms-link" href={url} target="_blank" rel="noopener noreferrer">{t('form.terms.read')}</a> : null}
    />
  );
}
