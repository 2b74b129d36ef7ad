/**
 * Issue 10 item 2 "libphonenumber-js only with a phone field (its metadata may be loaded on demand)":
 * the phone input the phone widget and the contact paths draw. Its code (PhoneInput.tsx, with
 * libphonenumber-js and its metadata) is a chunk of its own, fetched when the first phone field is
 * drawn; until it has arrived (or if it cannot be fetched) the field is a plain number input with
 * the same id, label, description and state, whose text is kept: the country select, the
 * formatting as it is typed and the 'use as is' checkbox appear with the code.
 */
import { onDemand } from '../onDemand.tsx';
import { phoneInputState, type PhoneInputProps } from './phoneInputProps.ts';
import { PhoneNumberInput } from './PhoneNumberInput.tsx';

/** The number alone, as typed (not formatted), in the country the value has or the default one. */
export function PhoneNumberFallback(props: PhoneInputProps) {
  const { phone, country, bypass } = phoneInputState(props);
  return (
    <div className="phone-input">
      <PhoneNumberInput
        props={props}
        value={phone.value}
        onInput={(event) => props.onChange({ ...phone, countryCode: country, value: event.target.value, noValidate: bypass })}
      />
    </div>
  );
}

const phoneInput = onDemand<PhoneInputProps>(
  () => import('./PhoneInput.tsx').then((module) => module.PhoneInput),
  PhoneNumberFallback,
  'PhoneInput',
);

/** The phone input (PhoneInput.tsx), its code fetched on first use. */
export const LazyPhoneInput = phoneInput.Component;

/** Fetches the phone input's code now; resolves when it is there (tests draw it at once after this). */
export const preloadPhoneInput = (): Promise<unknown> => phoneInput.load();
