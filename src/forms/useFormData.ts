import { createSchemaUtils, deepEquals, type Experimental_DefaultFormStateBehavior, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { useMemo, useState } from 'react';

/**
 * rjsf's defaults, except:
 * - a `const` is not a default: the terms box (`const: true`, §2 "terms acceptance") must start
 *   unticked, not accepted on the member's behalf;
 * - a list of lists or of tuples (a GeoJSON polygon's rings and positions: the settings' geofences)
 *   is never padded to its minItems with empty positions: a ring too short is the schema's to
 *   refuse, not the form's to fill with nulls.
 */
export const DEFAULT_FORM_STATE_BEHAVIOR: Experimental_DefaultFormStateBehavior = {
  constAsDefaults: 'never',
  arrayMinItems: { populate: 'all', computeSkipPopulate: (_validator, schema) => isListOfLists(schema as RJSFSchema) },
};

function isListOfLists(schema: RJSFSchema): boolean {
  const items = schema.items;
  return Array.isArray(items) || (typeof items === 'object' && items !== null && !Array.isArray(items) && (items as RJSFSchema).type === 'array');
}

/**
 * The data a controlled form shows: the parent's `formData` with the schema's defaults filled in,
 * then what the member types. Filling the defaults here first means the form never reports a change
 * while it is being constructed, and a submit gate sees the defaults too. New data from the parent
 * replaces what is shown only when it differs (a parent may pass an equal object on every render).
 */
export function useFormData<T>(schema: RJSFSchema, formData: T, validator: ValidatorType): [T, (data: T) => void] {
  const schemaUtils = useMemo(() => createSchemaUtils<T>(validator as never, schema, DEFAULT_FORM_STATE_BEHAVIOR), [validator, schema]);
  const withDefaults = (data: T) => schemaUtils.getDefaultFormState(schema, data) as T;
  const [current, setCurrent] = useState<T>(() => withDefaults(formData));
  const [seenData, setSeenData] = useState(formData);
  if (seenData !== formData && !deepEquals(seenData, formData)) {
    setSeenData(formData);
    setCurrent(withDefaults(formData));
  }
  return [current, setCurrent];
}
