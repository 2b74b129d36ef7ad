/**
 * §5 Phone/SMS field: the phone widget's value `{ value, countryCode, noValidate }` checked by the
 * `phoneNumber` keyword (schemas/rules/phoneNumber.ts): valid for the country unless "use as is",
 * the country among the allowed ones, TTY/TDD only US or CA.
 */
import type { ContactPathType } from '../entities.ts';
import { ttyCountry } from '../rules/countries.ts';
import type { OrgSettings } from '../orgSettings.ts';
import type { FormSchema } from './types.ts';

export function phoneField(settings: OrgSettings, options: { title: string; pathType: ContactPathType; mandatory: boolean; label: string }): FormSchema {
  return {
    type: 'object',
    title: options.title,
    properties: {
      value: { type: 'string' },
      countryCode: { type: 'string', pattern: '^[A-Z]{2}$' },
      noValidate: { type: 'boolean' },
    },
    default: { value: '', countryCode: options.pathType === 'TTYTDD' ? ttyCountry(settings.defaultCountry) : settings.defaultCountry, noValidate: false },
    phoneNumber: {
      mandatory: options.mandatory,
      pathType: options.pathType,
      label: options.label,
      defaultCountry: settings.defaultCountry,
      ...(settings.isEnableCountryCodeForMemberPortal ? { allowedCountries: settings.countryCodes } : {}),
    },
  };
}
