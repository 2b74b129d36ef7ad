/**
 * §2/§3 contact paths of the profile: every path type (EMAIL, SMS, PHONE, TTYTDD, PAGER, FAX, TA,
 * RECIP, SLACK, PLAINTEXTEMAIL, NUMERICPAGER) with its own fields — country code and "use as is"
 * for phone-like paths, extension, pin, pager service, waitTime and quiet times (PHONE, SMS, TTYTDD
 * only), pathEnable. The list can be reordered, so each item's schema is chosen by its
 * pathId (`if`/`then`), not by its position. §5 contact-path minimum: min = lesser of the configured
 * minimum and the exposed non-recipient paths; when they are equal every exposed path is mandatory.
 */
import { EMAIL_PATH_TYPES, PHONE_PATH_TYPES, type ContactPathDefinition, type ContactPathType } from '../entities.ts';
import type { OrgSettings } from '../orgSettings.ts';
import { contactPathMinimum } from '../rules/contactPathMinimum.ts';
import { ttyCountry } from '../rules/countries.ts';
import { LIMITS } from '../rules/limits.ts';
import { assembleForm } from './assembleForm.ts';
import { quietTimeFramesSchema } from './buildQuietTimeSchema.ts';
import { emailField } from './commonFields.ts';
import { phoneField } from './phoneField.ts';
import { readOnlyUnless } from './readOnlyUnless.ts';
import type { FieldPiece, FormBuilder, FormFlags, FormMode, FormPieces, FormSchema } from './types.ts';
import type { QuietTimeWidgetOptions } from './widgetOptions.ts';

/** §3 "waitTime (PHONE, SMS, TTYTDD only)". */
const WAIT_TIME_TYPES: ReadonlySet<ContactPathType> = new Set(['PHONE', 'SMS', 'TTYTDD']);
/** Issue 12 "quiet times per path (PHONE, SMS, TTYTDD)": the paths that ring or buzz; an e-mail or a fax waits anyway. */
const QUIET_TIME_TYPES: ReadonlySet<ContactPathType> = new Set(['PHONE', 'SMS', 'TTYTDD']);
const PAGER_TYPES: ReadonlySet<ContactPathType> = new Set(['PAGER', 'NUMERICPAGER', 'PLAINTEXTEMAIL']);

const digits = (title: string, key: string): FieldPiece => ({
  schema: { type: 'string', title, maxLength: LIMITS.pinOrExt.max, pattern: '^[0-9]*$', messages: { pattern: key, maxLength: key } },
});

/** The value of a path and the parts that go with its type (country and 'use as is' of a phone, its extension). */
function valuePieces(path: ContactPathDefinition, mandatory: boolean, settings: OrgSettings, readOnly: boolean): { pieces: FormPieces; keyword: FormSchema } {
  const locked = readOnly || !path.editable;
  // The items have no ui of their own (the contactPaths widget draws them): only the schema's mark is used.
  const value = (schema: FormSchema, required = false): FieldPiece => readOnlyUnless(!locked, { schema, required });
  if (PHONE_PATH_TYPES.has(path.type)) {
    const phone = phoneField(settings, { title: path.name, pathType: path.type, mandatory, label: path.name });
    const { value: number, ...parts } = phone.properties as Record<string, FormSchema>;
    return {
      pieces: {
        value: value(number!),
        ...Object.fromEntries(Object.entries(parts).map(([name, schema]) => [name, { schema }])),
        phoneExt: digits('contactPath.phoneExt.label', 'jquery.validation.ext'),
      },
      keyword: { phoneNumber: phone.phoneNumber },
    };
  }
  if (EMAIL_PATH_TYPES.has(path.type)) {
    return { pieces: { value: value(emailField(path.name, { limits: LIMITS.contactPathEmail, required: mandatory }), mandatory) }, keyword: {} };
  }
  // §3 "RECIP where value yes means logged in to the app": shown, never typed.
  if (path.type === 'RECIP') return { pieces: { value: value({ type: 'string', title: path.name, readOnly: true }) }, keyword: {} };
  return { pieces: { value: value({ type: 'string', title: path.name, maxLength: LIMITS.email.max }, mandatory) }, keyword: {} };
}

function itemSchema(path: ContactPathDefinition, mandatory: boolean, settings: OrgSettings, readOnly: boolean): FormSchema {
  const { pieces: valueParts, keyword } = valuePieces(path, mandatory, settings, readOnly);
  const pagerService: FormSchema = { type: 'string', title: 'contactPath.pagerService.label', enum: ['', ...(path.pagerServices ?? [])] };
  const { properties, required } = assembleForm({
    pathId: { schema: { const: path.pathId } },
    type: { schema: { const: path.type } },
    pathEnable: { schema: { type: 'boolean', title: 'contactPath.pathEnable.label' } },
    ...(QUIET_TIME_TYPES.has(path.type) ? { quietTimeFrames: { schema: quietTimeFramesSchema(readOnly ? 'review' : 'edit') } } : {}),
    ...valueParts,
    ...(PAGER_TYPES.has(path.type) ? {
      pin: digits('contactPath.pin.label', 'jquery.validation.pin'),
      // §5 "Pager service select required when mandatory".
      systemRequirement: mandatory
        ? { schema: { ...pagerService, minLength: 1, messages: { minLength: 'jquery.validation.field.required' } }, required: true }
        : { schema: pagerService },
    } : {}),
    ...(WAIT_TIME_TYPES.has(path.type) ? { waitTime: { schema: { type: 'integer', title: 'contactPath.waitTime.label', minimum: 0, maximum: 60 } } } : {}),
  }).schema;

  return {
    if: { properties: { pathId: { const: path.pathId } }, required: ['pathId'] },
    then: { type: 'object', title: path.name, properties, required, ...keyword },
  };
}

/**
 * The contact-path list as one field: its schema and the contactPaths widget with its options. The
 * profile form embeds it, naming the field that holds the member's time zone (`quietTimeZone`).
 */
export function contactPathsPiece(settings: OrgSettings, flags: FormFlags, mode: FormMode, quietTimeZone: Pick<QuietTimeWidgetOptions, 'timeZoneField'> = {}): FieldPiece {
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
        ...(PHONE_PATH_TYPES.has(path.type) ? { countryCode: path.type === 'TTYTDD' ? ttyCountry(settings.defaultCountry) : settings.defaultCountry, noValidate: false } : {}),
      })),
      items: {
        type: 'object',
        required: ['pathId'],
        properties: { pathId: { enum: paths.map((path) => path.pathId) } },
        allOf: paths.map((path) => itemSchema(path, !readOnly && (allMandatory || path.mandatory), settings, readOnly)),
      },
      ...(min > 0 && !readOnly ? { contactPathMinimum: { min, items: true } } : {}),
    },
    ui: {
      'ui:widget': 'contactPaths',
      'ui:options': {
        paths: paths.map((path) => ({ pathId: path.pathId, type: path.type, name: path.name, editable: path.editable && !readOnly })),
        reorderable: !readOnly,
        showPathEnable: mode === 'edit',
        readonly: readOnly,
        // Issue 11: stated before the paths; the rule itself is the contactPathMinimum keyword above.
        ...(min > 0 && !readOnly ? { minimum: min } : {}),
        timeZones: flags.timeZones ?? [],
        ...quietTimeZone,
      },
    },
  };
}

export const buildContactPathsSchema: FormBuilder = (settings, flags, mode) => {
  const { schema, ui = {} } = contactPathsPiece(settings, flags, mode);
  return { schema, uiSchema: ui };
};
