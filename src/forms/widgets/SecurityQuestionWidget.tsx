import type { WidgetProps } from '@rjsf/utils';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SECURITY_QUESTION, SECURITY_QUESTIONS } from '../../../schemas/forms/commonFields.ts';
import { SelectControl } from './SelectControl.tsx';

/**
 * §2 sign-up security question: the 11 known question keys, each shown translated
 * ('securityQuestion.question_one' …), question_eleven chosen until the member picks another.
 */
export function SecurityQuestionWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { value, onChange, readonly, disabled } = props;
  useEffect(() => {
    if ((value === undefined || value === '') && !readonly && !disabled) onChange(DEFAULT_SECURITY_QUESTION);
  }, [value, readonly, disabled, onChange]);
  const choices = SECURITY_QUESTIONS.map((key) => ({ value: key, label: t(`securityQuestion.${key}`) }));
  return <SelectControl {...props} value={value || DEFAULT_SECURITY_QUESTION} required choices={choices} />;
}
