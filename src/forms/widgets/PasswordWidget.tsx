import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BaseInput } from './BaseInput.tsx';

/**
 * §2 "password with show/hide": the input and a toggle button (`aria-pressed`) that shows the
 * password as text and hides it again; its name stays the same, its pressed state says which.
 */
export function PasswordWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      <BaseInput {...props} type={shown ? 'text' : 'password'} reviewText="••••••••" />
      {props.readonly ? null : (
        <button
          type="button"
          className="button button-small"
          aria-pressed={shown}
          aria-controls={props.id}
          disabled={props.disabled}
          onClick={() => setShown((on) => !on)}
        >
          {t('form.password.show')}
        </button>
      )}
    </div>
  );
}
