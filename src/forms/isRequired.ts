/**
 * Whether a field must be filled: listed in its parent's `required`, or (for a value checked by a
 * rule of its own, like the phone's `phoneNumber: { mandatory }`) marked mandatory by that rule, or
 * `ui:options.required`.
 */
export function isRequired({ required, schema, options }: { required?: boolean; schema: object; options: object }): boolean {
  const rule = (schema as { phoneNumber?: { mandatory?: unknown } }).phoneNumber;
  return Boolean(required) || (options as { required?: unknown }).required === true || rule?.mandatory === true;
}
