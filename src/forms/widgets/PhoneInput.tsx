import { useMemo, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhoneAsYouType, isForcedBypassRegion } from '../../../schemas/rules/phoneNumber.ts';
import { phoneCountries } from '../../../schemas/rules/phoneCountries.ts';
import { LIMITS } from '../../../schemas/rules/limits.ts';
import { phoneInputState, type PhoneInputProps } from './phoneInputProps.ts';
import { PhoneNumberInput } from './PhoneNumberInput.tsx';

export type { PhoneInputProps } from './phoneInputProps.ts';

/**
 * §4/§5 phone: the country select, the number (formatted for the country as it is typed, unless it
 * is taken 'as is') and the 'use as is' checkbox, shown only while the field has a message or the
 * bypass is on; forced on and locked for the regions PN, UM, AN, CS, AQ. A TTY/TDD number is only
 * in the US or Canada. The value is `{ value, countryCode, noValidate }`.
 */
export function PhoneInput(props: PhoneInputProps) {
  const { t, i18n } = useTranslation();
  const { id, value, onChange, onBlur, pathType, allowedCountries, hasError, disabled, readonly } = props;
  const countryId = props.countryId ?? `${id}/countryCode`;
  const bypassId = props.bypassId ?? `${id}/noValidate`;
  const tty = pathType === 'TTYTDD';
  const { phone, country, forced, bypass } = phoneInputState({ value, pathType, defaultCountry: props.defaultCountry });
  const countries = useMemo(() => phoneCountries(i18n.language, { allowed: allowedCountries, tty }), [i18n.language, allowedCountries, tty]);

  const handleNumber = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    // Formatting while deleting would put back the bracket or dash just deleted.
    const grew = text.length > phone.value.length;
    const next = bypass || !grew ? text : formatPhoneAsYouType(country, text);
    onChange({ ...phone, countryCode: country, value: next, noValidate: bypass });
  };
  const handleCountry = (event: ChangeEvent<HTMLSelectElement>) => {
    const code = event.target.value;
    onChange({ ...phone, countryCode: code, noValidate: isForcedBypassRegion(code) ? true : isForcedBypassRegion(country) ? false : phone.noValidate });
  };

  return (
    <div className="phone-input">
      <select
        id={countryId}
        className="input phone-country"
        aria-label={t('form.phone.country')}
        value={country}
        disabled={disabled || readonly}
        onChange={handleCountry}
        onBlur={() => onBlur(countryId)}
      >
        {countries.some((c) => c.code === country) ? null : <option value={country}>{country}</option>}
        {countries.map((c) => (
          <option key={c.code} value={c.code}>{c.dialCode ? `${c.name} (+${c.dialCode})` : `${c.name} (${c.code})`}</option>
        ))}
      </select>
      <PhoneNumberInput props={props} value={phone.value} onInput={handleNumber} />
      {hasError || bypass ? (
        <div className="checkbox phone-bypass">
          <input
            id={bypassId}
            type="checkbox"
            checked={bypass}
            disabled={forced || disabled || readonly}
            aria-describedby={forced ? `${bypassId}__help ${bypassId}__note` : `${bypassId}__help`}
            onChange={(event) => onChange({ ...phone, countryCode: country, noValidate: event.target.checked })}
            onBlur={() => onBlur(bypassId)}
          />
          <label htmlFor={bypassId}>{t('form.phone.useAsIs')}</label>
          {/* §4/§5 what the box does: the digits are kept as typed, not formatted nor checked against the country's plan, only their count. */}
          <span id={`${bypassId}__help`} className="field-help">{t('form.phone.useAsIs.help', { ...LIMITS.phoneBypass })}</span>
          {forced ? <span id={`${bypassId}__note`} className="field-help">{t('form.phone.useAsIs.forced')}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
