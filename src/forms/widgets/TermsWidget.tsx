import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { followableUrlOr } from '../../../schemas/followableUrl.ts';
import { CheckboxWidget } from './CheckboxWidget.tsx';

/**
 * §2 "terms acceptance": the accept checkbox (the schema's `const: true` makes it required; unticked,
 * a submit is refused with 'ssp.signup.terms.required' like any other error) and the link to the terms
 * (`ui:options.termsUrl`, the organisation's or the built-in page) beside its label, opening in a new
 * tab, which it says.
 */
export function TermsWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const url = typeof props.options.termsUrl === 'string' ? followableUrlOr(props.options.termsUrl, null) : null;
  return (
    <CheckboxWidget
      {...props}
      after={url ? (
        <a className="terms-link" href={url} target="_blank" rel="noopener noreferrer">
          {t('form.terms.read')} <span className="terms-new-tab">{t('form.link.newTab')}</span>
        </a>
      ) : null}
    />
  );
}
