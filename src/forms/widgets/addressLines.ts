import type { SignUpAddressFormValue } from '../../../schemas/signUp/formData.ts';

/** The address as the form holds it while it is being typed: any part may still be missing. */
type AddressValue = Partial<SignUpAddressFormValue>;

/** The address as the lines a person reads: name, street and suite, city state postal code, country (named in `language`). */
export function addressLines(address: AddressValue, language: string): string[] {
  const join = (parts: (string | undefined)[], separator: string) => parts.map((part) => part?.trim() ?? '').filter(Boolean).join(separator);
  let country = address.country?.trim() ?? '';
  if (country) {
    try {
      country = new Intl.DisplayNames([language.replace('_', '-'), 'en'], { type: 'region' }).of(country) ?? country;
    } catch {
      // An unknown code stays as it is.
    }
  }
  return [
    join([address.locationName], ''),
    join([address.streetAddress, address.suite], ', '),
    join([address.city, join([address.state, address.postalCode], ' ')], ', '),
    country,
  ].filter(Boolean);
}
