/**
 * The custom keywords of the form schemas: the rules of §5 that JSON Schema cannot say on its own
 * (password classes, phone valid for a country, the contact-path minimum). Each is an ajv keyword
 * definition with a pure `validate`, written beside its rule in schemas/rules/ and listed here, once;
 * the browser (rjsf's ajv) and the server (ajv) register this same list through ajvOptions.ts.
 * A failing keyword names its message key in `params.key` (see fieldErrors.ts).
 */
import type { KeywordDefinition } from 'ajv';

/** The `messages` annotation (schemas/forms/types.ts FieldMessages): carried, never validated. */
const messagesAnnotation: KeywordDefinition = { keyword: 'messages', schemaType: 'object' };

export const FORM_KEYWORDS: readonly KeywordDefinition[] = [messagesAnnotation];
