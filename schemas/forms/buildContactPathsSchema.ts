/**
 * §2/§3 contact paths of the profile: every path type (EMAIL, SMS, PHONE, TTYTDD, PAGER, FAX, TA,
 * RECIP, SLACK, PLAINTEXTEMAIL, NUMERICPAGER) with its own fields — country code and "use as is"
 * for phone-like paths, extension, pin, pager service, waitTime (PHONE, SMS, TTYTDD only),
 * pathEnable and quiet times. The list can be reordered, so each item's schema is chosen by its
 * pathId (`if`/`then`), not by its position. §5 contact-path minimum: min = lesser of the configured
 * minimum and the exposed non-recipient paths; when they are equal every exposed path is mandatory.
 */
import type { ContactPathDefinition } from '../entities.ts';
import { contactPathMinimum } from '../rules/contactPathMinimum.ts';
import { ttyCountry } from '../rules/phoneNumber.ts';
import { LIMITS } from '../rules/limits.ts';
import { quietTimeFramesSchema } from './buildQuietTimeSchema.ts';
import { emailField } from './commonFields.ts';
import { phoneField } from './phoneField.ts';
import type { FormBuilder, FormSchema } from './types.ts';

const PHONE_TYPES = new Set(['SMS', 'PHONE', 'TTYTDD', 'FAX', 'NUMERICPAGER']);
const EMAIL_TYPES = new Set(['EMAIL', 'PLAINTEXTEMAIL', 'SLACK']);
/** §3 "waitTime (PHONE, SMS, TTYTDD only)". */
const WAIT_TIME_TYPES = new Set(['PHONE', 'SMS', 'TTYTDD']);
const PAGER_TYPES = new Set(['PAGER', 'NUMERICPAGER', 'PLAINTEXTEMAIL']);

const digits = (title: string, key: string): FormSchema => ({
  type: 'string', title, maxLength: LIMITS.pinOrExt.max, pattern: '^[0-9]*$', messages: { pattern: key, maxLength: key },
});

function itemSchema(path: ContactPathDefinition, mandatory: boolean, settings: Parameters<FormBuilder>[0], readOnly: boolean): FormSchema {
  const properties: Record<string, FormSchema> = {
    pathId: { const: path.pathId },
    type: { const: path.type },
    pathEnable: { type: 'boolean', title: 'contactPath.pathEnable.label' },
    quietTimeFrames: quietTimeFramesSchema(readOnly ? 'review' : 'edit'),
  };
  const required: string[] = [];
  let keyword: Record<string, unknown> = {};

  if (PHONE_TYPES.has(path.type)) {
    const phone = phoneField(settings, { title: path.name, pathType: path.type, mandatory, label: path.name });
    Object.assign(properties, phone.properties);
    keyword = { phoneNumber: phone.phoneNumber };
    properties.phoneExt = digits('contactPath.phoneExt.label', 'jquery.validation.ext');
  } else if (EMAIL_TYPES.has(path.type)) {
    properties.value = emailField(path.name, { limits: LIMITS.contactPathEmail, required: mandatory });
    if (mandatory) required.push('value');
  } else if (path.type === 'RECIP') {
    // §3 "RECIP where value yes means logged in to the app": shown, never typed.
    properties.value = { type: 'string', title: path.name, readOnly: true };
  } else {
    properties.value = { type: 'string', title: path.name, maxLength: LIMITS.email.max };
    if (mandatory) required.push('value');
  }
  if (PAGER_TYPES.has(path.type)) {
    properties.pin = digits('contactPath.pin.label', 'jquery.validation.pin');
    properties.systemRequirement = { type: 'string', title: 'contactPath.pagerService.label', enum: ['', ...(path.pagerServices ?? [])] };
    // §5 "Pager service select required when mandatory".
    if (mandatory) {
      properties.systemRequirement = { ...properties.systemRequirement, minLength: 1, messages: { minLength: 'jquery.validation.field.required' } };
      required.push('systemRequirement');
    }
  }
  if (WAIT_TIME_TYPES.has(path.type)) properties.waitTime = { type: 'integer', title: 'contactPath.waitTime.label', minimum: 0, maximum: 60 };
  if (readOnly || !path.editable) properties.value = { ...properties.value, readOnly: true };

  return {
    if: { properties: { pathId: { const: path.pathId } }, required: ['pathId'] },
    then: { type: 'object', title: path.name, properties, required, ...keyword },
  };
}

export const buildContactPathsSchema: FormBuilder = (settings, flags, mode) => {
  const paths = (flags.contactPaths ?? []).filter((path) => path.expose);
  const counted = paths.filter((path) => path.type !== 'RECIP');
  const min = contactPathMinimum(counted.length, flags.profile?.minContactPathNum ?? settings.minSignup);
  const allMandatory = min > 0 && min === counted.length;
  const readOnly = mode === 'review';
  return {
    schema: {
      type: 'array',
      title: 'contactPaths.title',
      // Every exposed path is listed, empty until the member fills it (the server sends the saved values).
      default: paths.map((path) => ({
        pathId: path.pathId,
        type: path.type,
        value: '',
        ...(PHONE_TYPES.has(path.type) ? { countryCode: path.type === 'TTYTDD' ? ttyCountry(settings.defaultCountry) : settings.defaultCountry, noValidate: false } : {}),
      })),
      items: {
        type: 'object',
        required: ['pathId'],
        properties: { pathId: { enum: paths.map((path) => path.pathId) } },
        allOf: paths.map((path) => itemSchema(path, !readOnly && (allMandatory || path.mandatory), settings, readOnly)),
      },
      ...(min > 0 && !readOnly ? { contactPathMinimum: { min, items: true } } : {}),
    },
    uiSchema: {
      'ui:widget': 'contactPaths',
      'ui:options': {
        paths: paths.map((path) => ({ pathId: path.pathId, type: path.type, name: path.name, editable: path.editable && !readOnly })),
        reorderable: !readOnly,
        showPathEnable: mode === 'edit',
        readonly: readOnly,
        timeZones: flags.timeZones ?? [],
      },
    },
  };
};
