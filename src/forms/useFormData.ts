import { createSchemaUtils, deepEquals, type Experimental_DefaultFormStateBehavior, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { useMemo, useState } from 'react';

/**
 * rjsf's defaults, except that a `const` is not a default: the terms box (`const: true`, §2 "terms
 * acceptance") must start unticked, not accepted on the member's behalf.
 */
export const DEFAULT_FORM_STATE_BEHAVIOR: Experimental_DefaultFormStateBehavior = { constAsDefaults: 'never' };

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
