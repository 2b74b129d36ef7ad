/**
 * The one place a form's maps are written (issue 8 item 9): the schema's `properties` and
 * `required`, the uiSchema's `ui:order` and per-field entries all come from the same named pieces,
 * so a field cannot be in one map and missing from another.
 */
import type { BuiltForm, FieldPiece, FormPieces, FormSchema, UiSchema } from './types.ts';

/** Where the JSON keys go. It changes nothing a validator or the renderer does. */
export interface JsonLayout {
  /**
   * 'always' writes `required` even when it is empty; 'whenAny' only when some field is required
   * (forms whose fields are all read-only in review mode).
   */
  required?: 'always' | 'whenAny';
  /** The fields before `required` in the schema and before `ui:order` and the root's own ui in the uiSchema. */
  fieldsFirst?: boolean;
  /** The per-field ui entries in the order the fields are shown (`order`) rather than the schema's. */
  uiInShownOrder?: boolean;
}

/** How a form is put together around its fields. */
export interface FormLayout {
  /** The order the fields are shown in (`ui:order`) when it is not the schema's; names not in the form are skipped. */
  order?: readonly string[];
  /** Root keywords after the fields (`sameAs`, `contactPathMinimum`, …). */
  schema?: FormSchema;
  /** The root's own ui: its widget, options, read-only mark. */
  ui?: UiSchema;
  /**
   * The key order each builder wrote by hand before issue 8, kept so the schema snapshots stayed
   * byte-identical through the rewrite (they are how a tester reviews a settings change).
   */
  json?: JsonLayout;
}

/**
 * A form `{ schema, uiSchema }` from its named pieces: `properties` in the pieces' order, `required`
 * the pieces that say so, `ui:order` the pieces' order or `layout.order`, and each piece's ui under
 * its name.
 */
export function assembleForm(pieces: FormPieces, layout: FormLayout = {}): BuiltForm {
  const named = Object.entries(pieces).filter((entry): entry is [string, FieldPiece] => entry[1] !== undefined);
  const names = named.map(([name]) => name);
  const order = layout.order ? layout.order.filter((name) => names.includes(name)) : names;
  const properties = Object.fromEntries(named.map(([name, piece]) => [name, piece.schema]));
  const required = named.filter(([, piece]) => piece.required).map(([name]) => name);
  const { json = {} } = layout;
  const withRequired = required.length > 0 || json.required !== 'whenAny' ? { required } : {};
  const uiNames = json.uiInShownOrder ? order : names;
  const fieldsUi: Record<string, UiSchema> = {};
  for (const name of uiNames) {
    const ui = pieces[name]?.ui;
    if (ui !== undefined) fieldsUi[name] = ui;
  }
  if (json.fieldsFirst) {
    return {
      schema: { type: 'object', properties, ...withRequired, ...layout.schema },
      uiSchema: { ...fieldsUi, 'ui:order': order, ...layout.ui } as UiSchema,
    };
  }
  return {
    schema: { type: 'object', ...withRequired, properties, ...layout.schema },
    uiSchema: { ...layout.ui, 'ui:order': order, ...fieldsUi } as UiSchema,
  };
}
