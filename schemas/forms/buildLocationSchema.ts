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
import { orgSettingsSchema, type OrgSettings } from '../orgSettings.ts';
import { geoFenceView, hasGeoFence } from '../rules/geoFence.ts';
import { LIMITS } from '../rules/limits.ts';
import { assembleForm } from './assembleForm.ts';
import { readOnlyUiUnless, readOnlyUnless } from './readOnlyUnless.ts';
import type { FieldPiece, FormBuilder, FormMode, FormPieces, FormSchema, InputWidth, UiSchema } from './types.ts';
import { MAP_DEFAULTS, type LocationWidgetOptions } from './widgetOptions.ts';

/** §3 addressGeoCodingSource: the sources org-settings.schema.json allows as the organisation's default. */
const GEOCODING_SOURCES: string[] = orgSettingsSchema.properties.addressSetting.properties.defaultAddressGeoCodingSource.enum;

const REQUIRED = 'jquery.validation.field.required';
const STREET_ERROR = 'ssp.address.streetaddress.error';
const POSTAL_CODE_ERROR = 'global.valid.text.postalCode';
const LATITUDE_ERROR = 'ssp.address.latitude.error';
const LONGITUDE_ERROR = 'ssp.address.longitude.error';

/** The location dialog's fields and what its map widget is handed; the expected-location and sign-up forms build on them. */
export interface LocationPieces {
  /** Whether the member may change the address in this mode (§5, §6). */
  editable: boolean;
  pieces: FormPieces;
  /** The map's options (§9 Maps), for the widget that draws the address. */
  options: LocationWidgetOptions;
}

/**
 * The fields of the location dialog. `checkNameUnique` asks the server whether the name is taken
 * (§5: the member's own locations; expected locations are not checked).
 */
export function locationPieces(settings: OrgSettings, mode: FormMode, { checkNameUnique = true } = {}): LocationPieces {
  const { addressSetting } = settings;
  const editable = mode !== 'review' && addressSetting.editable;
  const nameRequired = editable && addressSetting.mandatory;
  // Every field of the dialog is editable or read-only together (the ui says so, as it always did).
  const field = (piece: FieldPiece) => readOnlyUnless(editable, piece, 'ui');
  // WCAG 1.3.5 purpose, and a width for the short answers (src/styles/forms.css `input-width-*`).
  const text = (schema: FormSchema, autocomplete: string, width?: InputWidth) => field({
    schema,
    ui: { 'ui:widget': 'text', 'ui:autocomplete': autocomplete, ...(width ? { 'ui:classNames': width } : {}) },
  });
  const coordinate = (title: string, limits: { min: number; max: number }, key: string) => field({
    // null: a location that was never placed on the map (§5 "view on map hidden when both coordinates null").
    schema: { type: ['number', 'null'], title, minimum: limits.min, maximum: limits.max, messages: { type: key, minimum: key, maximum: key } },
    ui: { 'ui:widget': 'text', 'ui:options': { inputMaxLength: LIMITS.latLonInput.max } },
  });

  const fenceView = geoFenceView(settings);
  return {
    editable,
    options: {
      enabled: settings.isEB360MapEnabled, geocode: addressSetting.geocodingType === 'Automatic', geoFence: hasGeoFence(settings), ...MAP_DEFAULTS,
      ...(fenceView ? { center: fenceView.center, zoom: { ...MAP_DEFAULTS.zoom, world: fenceView.zoom } } : {}),
    },
    pieces: {
      locationName: field({
        schema: {
          type: 'string', title: 'ssp.address.locationName.label', maxLength: LIMITS.locationName.max,
          ...(nameRequired ? { minLength: 1, messages: { minLength: REQUIRED } } : {}),
        },
        ui: {
          'ui:widget': 'text',
          ...(editable && checkNameUnique ? { 'ui:options': { asyncCheck: 'locationName', asyncCheckMessage: 'ssp.location.locationname.exist' } } : {}),
        },
        required: nameRequired,
      }),
      // The street is required whenever the dialog is editable. Its key covers a missing or empty
      // street; a street that is too long gets the generic 'jquery.validation.maxlength' with its limit.
      streetAddress: {
        ...text({
          type: 'string', title: 'ssp.address.streetAddress.label', maxLength: LIMITS.street.max,
          ...(editable ? { minLength: 1, messages: { required: STREET_ERROR, minLength: STREET_ERROR } } : {}),
        }, 'address-line1'),
        required: editable,
      },
      suite: text({ type: 'string', title: 'ssp.address.suite.label', maxLength: LIMITS.suite.max }, 'address-line2', 'input-width-10'),
      city: text({ type: 'string', title: 'ssp.address.city.label', maxLength: LIMITS.city.max }, 'address-level2'),
      state: text({ type: 'string', title: 'ssp.address.state.label', maxLength: LIMITS.state.max }, 'address-level1', 'input-width-20'),
      postalCode: text({
        type: 'string', title: 'ssp.address.postalCode.label',
        maxLength: LIMITS.postalCode.max,
        pattern: `^(?:[A-Za-z0-9 -]{${LIMITS.postalCode.min},${LIMITS.postalCode.max}})?$`,
        messages: { maxLength: POSTAL_CODE_ERROR, pattern: POSTAL_CODE_ERROR },
      }, 'postal-code', 'input-width-10'),
      country: field({
        schema: { type: 'string', title: 'ssp.address.country.label', pattern: '^(?:[A-Z]{2})?$', default: settings.defaultCountry },
        // The countries come from GET /rest/registration/statesAndCountries (§7), not from the schema.
        ui: { 'ui:widget': 'select', 'ui:autocomplete': 'country', 'ui:options': { optionsFrom: 'countries' } },
      }),
      lat: coordinate('ssp.address.latitude.label', LIMITS.latitude, LATITUDE_ERROR),
      lon: coordinate('ssp.address.longitude.label', LIMITS.longitude, LONGITUDE_ERROR),
      addressGeoCodingSource: {
        schema: {
          type: 'string', title: 'ssp.address.geoCodingSource.label', enum: GEOCODING_SOURCES,
          default: addressSetting.defaultAddressGeoCodingSource,
        },
        // Set by the map and the geocoder, never typed by the member.
        ui: { 'ui:widget': 'select', 'ui:readonly': true, 'ui:options': { enumIsText: true } },
      },
    },
  };
}

/** The map beside the fields, read-only with them. */
export function locationUi(location: LocationPieces): UiSchema {
  return readOnlyUiUnless(location.editable, { 'ui:widget': 'location', 'ui:options': location.options });
}

export const buildLocationSchema: FormBuilder = (settings, _flags, mode) => {
  const location = locationPieces(settings, mode);
  return assembleForm(location.pieces, { ui: locationUi(location), json: { required: 'whenAny' } });
};
