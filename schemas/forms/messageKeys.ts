/**
 * The message key of a failed JSON Schema keyword when the field names none of its own (§5 uses the
 * jQuery-validation keys for the generic rules). A field's `messages` annotation wins over these.
 */
export const DEFAULT_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  required: 'jquery.validation.field.required',
  minLength: 'jquery.validation.minlength',
  maxLength: 'jquery.validation.maxlength',
  minItems: 'jquery.validation.field.required',
  format: 'jquery.validation.invalid',
  pattern: 'jquery.validation.invalid',
  type: 'jquery.validation.invalid',
  enum: 'jquery.validation.invalid',
  const: 'jquery.validation.field.required',
  minimum: 'jquery.validation.invalid',
  maximum: 'jquery.validation.invalid',
};

/** The key for anything else that fails (a keyword without a key of its own). */
export const FALLBACK_MESSAGE_KEY = 'jquery.validation.invalid';
