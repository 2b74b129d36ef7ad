/**
 * §2 Locations page: the add/edit dialog ("Verify your location": a map and a sidebar of address
 * fields); §3 Address / location fields; §5 "Location (only when address setting editable)"; §9 field
 * limits and map defaults.
 *
 * Editable in sign-up and edit mode when `addressSetting.editable` is on (§5, §6 "Without address
 * editable, rows are view only"). Otherwise, and always in review mode, every field is `ui:readonly`
 * and nothing is required.
 *
 * Two §5 location rules are not in this schema:
 * - locationName must be unique per contact ('ssp.location.locationname.exist'). The check needs the
 *   member's other locations, so it is asynchronous and runs on the server. It hooks in through the
 *   field's `ui:options.asyncCheck: 'locationName'` (the renderer's async-check convention). The
 *   screen supplies that check: GET …/addresses/validatelocname (§7), asked only when the name
 *   differs from `pristineLocationName` (§5). The addresses route checks the name again after this
 *   schema has passed and answers `{ pointer: '/locationName', key: 'ssp.location.locationname.exist' }`,
 *   the FieldError shape of schemas/forms/fieldErrors.ts, so the message shows on the field.
 * - Verification ('ssp.map.verify.your.location.errormsg'): whether the member confirmed a point in
 *   the map modal is state of the `location` widget (§4), not a property of the submitted data.
 *   Coordinates may be null: §5 hides "view on map" when both are null.
 *
 * The map is the root's `location` widget, because it reads and writes several fields at once
 * (`lat`, `lon`, `addressGeoCodingSource`, and the address fields filled from a geocoding candidate).
 * rjsf itself ignores `ui:widget` on an object and draws the fields one by one. The portal's
 * renderer hands such an object whole to its widget (src/forms/fields/ObjectWidgetField), and the
 * per-field uiSchema below tells the widget how to draw each field.
 *
 * An optional field may be absent or '' (what blanks become once trimmed, schemas/forms/trimStrings.ts):
 * both mean "not given". Coordinates that are not given are null; '' is refused as non-numeric.
 */
import { orgSettingsSchema } from '../orgSettings.ts';
import { LIMITS } from '../rules/limits.ts';
import type { FormBuilder, FormSchema, UiSchema } from './types.ts';

/** §9 Maps: default centre lat 37.09024, lng -95.712891; zoom 15 single marker, 2 world; height 400px. */
const MAP_DEFAULTS = {
  center: { lat: 37.09024, lng: -95.712891 },
  zoom: { singleMarker: 15, world: 2 },
  height: 400,
} as const;

/** §3 addressGeoCodingSource: the sources org-settings.schema.json allows as the organisation's default. */
const GEOCODING_SOURCES: string[] = orgSettingsSchema.properties.addressSetting.properties.defaultAddressGeoCodingSource.enum;

const REQUIRED = 'jquery.validation.field.required';
const STREET_ERROR = 'ssp.address.streetaddress.error';
const POSTAL_CODE_ERROR = 'global.valid.text.postalCode';
const LATITUDE_ERROR = 'ssp.address.latitude.error';
const LONGITUDE_ERROR = 'ssp.address.longitude.error';

export const buildLocationSchema: FormBuilder = (settings, _flags, mode) => {
  const { addressSetting } = settings;
  const editable = mode !== 'review' && addressSetting.editable;
  const nameRequired = editable && addressSetting.mandatory;

  // The street is required whenever the dialog is editable. Its key covers a missing or empty
  // street; a street that is too long gets the generic 'jquery.validation.maxlength' with its limit.
  const streetAddress: FormSchema = {
    type: 'string', title: 'ssp.address.streetAddress.label', maxLength: LIMITS.street.max,
    ...(editable ? { minLength: 1, messages: { required: STREET_ERROR, minLength: STREET_ERROR } } : {}),
  };
  const locationName: FormSchema = {
    type: 'string', title: 'ssp.address.locationName.label', maxLength: LIMITS.locationName.max,
    ...(nameRequired ? { minLength: 1, messages: { minLength: REQUIRED } } : {}),
  };
  const coordinate = (title: string, limits: { min: number; max: number }, key: string): FormSchema => ({
    // null: a location that was never placed on the map (§5 "view on map hidden when both coordinates null").
    type: ['number', 'null'], title, minimum: limits.min, maximum: limits.max,
    messages: { type: key, minimum: key, maximum: key },
  });

  const properties: Record<string, FormSchema> = {
    locationName,
    streetAddress,
    suite: { type: 'string', title: 'ssp.address.suite.label', maxLength: LIMITS.suite.max },
    city: { type: 'string', title: 'ssp.address.city.label', maxLength: LIMITS.city.max },
    state: { type: 'string', title: 'ssp.address.state.label', maxLength: LIMITS.state.max },
    postalCode: {
      type: 'string', title: 'ssp.address.postalCode.label',
      maxLength: LIMITS.postalCode.max,
      pattern: `^(?:[A-Za-z0-9 -]{${LIMITS.postalCode.min},${LIMITS.postalCode.max}})?$`,
      messages: { maxLength: POSTAL_CODE_ERROR, pattern: POSTAL_CODE_ERROR },
    },
    country: { type: 'string', title: 'ssp.address.country.label', pattern: '^(?:[A-Z]{2})?$', default: settings.defaultCountry },
    lat: coordinate('ssp.address.latitude.label', LIMITS.latitude, LATITUDE_ERROR),
    lon: coordinate('ssp.address.longitude.label', LIMITS.longitude, LONGITUDE_ERROR),
    addressGeoCodingSource: {
      type: 'string', title: 'ssp.address.geoCodingSource.label', enum: GEOCODING_SOURCES,
      default: addressSetting.defaultAddressGeoCodingSource,
    },
  };

  const readonly = editable ? {} : { 'ui:readonly': true };
  const coordinateUi: UiSchema = { 'ui:widget': 'text', 'ui:options': { inputMaxLength: LIMITS.latLonInput.max }, ...readonly };
  const uiSchema: UiSchema = {
    'ui:widget': 'location',
    'ui:options': { enabled: settings.isEB360MapEnabled, ...MAP_DEFAULTS },
    ...readonly,
    'ui:order': Object.keys(properties),
    locationName: {
      'ui:widget': 'text', ...readonly,
      ...(editable ? { 'ui:options': { asyncCheck: 'locationName', asyncCheckMessage: 'ssp.location.locationname.exist' } } : {}),
    },
    streetAddress: { 'ui:widget': 'text', 'ui:autocomplete': 'address-line1', ...readonly },
    suite: { 'ui:widget': 'text', 'ui:autocomplete': 'address-line2', ...readonly },
    city: { 'ui:widget': 'text', 'ui:autocomplete': 'address-level2', ...readonly },
    state: { 'ui:widget': 'text', 'ui:autocomplete': 'address-level1', ...readonly },
    postalCode: { 'ui:widget': 'text', 'ui:autocomplete': 'postal-code', ...readonly },
    // The countries come from GET /rest/registration/statesAndCountries (§7), not from the schema.
    country: { 'ui:widget': 'select', 'ui:autocomplete': 'country', 'ui:options': { optionsFrom: 'countries' }, ...readonly },
    lat: coordinateUi,
    lon: coordinateUi,
    // Set by the map and the geocoder, never typed by the member.
    addressGeoCodingSource: { 'ui:widget': 'select', 'ui:readonly': true, 'ui:options': { enumIsText: true } },
  };

  return {
    schema: {
      type: 'object',
      ...(editable ? { required: [...(nameRequired ? ['locationName'] : []), 'streetAddress'] } : {}),
      properties,
    },
    uiSchema,
  };
};
