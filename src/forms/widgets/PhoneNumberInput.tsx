import type { ChangeEvent } from 'react';
import type { PhoneInputProps } from './phoneInputProps.ts';

/**
 * The number field of a phone value, the one `<input>` both the full phone input (PhoneInput.tsx) and
 * its stand-in before that code arrives (LazyPhoneInput.tsx) draw: same id, wiring and attributes, so
 * the hand-over keeps the label, the description and what was typed.
 */
export function PhoneNumberInput({ props, value, onInput }: { props: PhoneInputProps; value: string; onInput: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const { id, onBlur, hasError, describedBy, required, disabled, readonly, autoComplete } = props;
  return (
    <input
      id={id}
      className="input phone-number"
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete ?? 'tel-national'}
      value={value}
      required={required}
      aria-invalid={hasError ? true : undefined}
      aria-describedby={describedBy}
      disabled={disabled}
      readOnly={readonly}
      onChange={onInput}
      onBlur={() => onBlur(id)}
    />
  );
}
