/**
 * schemas/api/: the wire contract of every call (§7), written once as JSON Schema with typebox.
 *
 * - One file per API domain (`boot.ts`, `accounts.ts`, `registration.ts`, …), each naming its calls
 *   in a header comment. For each call it exports the request pieces (`…Query`, `…Params`, `…Body`)
 *   and the answers (`…Answer` for 2xx, a refusal for 4xx), and the TypeScript types derived from
 *   them with `Static<typeof …>`: nothing of the wire is written twice.
 * - The server uses them as Fastify's `querystring`/`params`/`body`/`response` schemas. A response
 *   schema is also the serializer (fast-json-stringify), which drops every property it does not
 *   list: every property a route sends is listed here (`Type.Optional` where it is sometimes
 *   absent) and open-ended answers stay open (`additionalProperties: true`).
 * - The browser (src/api/<domain>.ts) imports the derived types only (`import type`, lint-enforced),
 *   so typebox stays out of the pages: `api.post<LoginAnswer>(…)` is typed by the server's schema.
 * - Pure like the rest of schemas/: no Node, no React, no I/O.
 *
 * This file holds the pieces every domain shares: the organisation id of a path or query, the
 * §8 refusal body and the field error it carries.
 */
import { Type, type Static, type TSchema } from 'typebox';

/** A string of at most `maxLength` characters: the generous size limit of a free-text request field. */
export const Text = (maxLength: number) => Type.String({ maxLength });

/**
 * A constant of the wire, e.g. `_method: 'DELETE'`: `{ const }` without a `type`, so Fastify's ajv
 * checks the value as sent and never coerces a one-element array into it, as it would for a typed
 * string (`Type.Literal`).
 */
export const Constant = <const V extends string>(value: V) => Type.Unsafe<V>({ const: value });

/** §7 `{orgId}`: the organisation's id as it appears in addresses (and the org_id of every row). */
export const OrgId = Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$' });

/** `?orgId=` of the calls that name their organisation in the query. */
export const OrgIdQuery = Type.Object({ orgId: OrgId });
export type OrgIdQuery = Static<typeof OrgIdQuery>;

/** `/{orgId}/…` of the calls that name their organisation in the path. */
export const OrgIdParams = Type.Object({ orgId: OrgId });
export type OrgIdParams = Static<typeof OrgIdParams>;

/**
 * One refused field (schemas/forms/types.ts FieldError): the JSON pointer of the form's field, the
 * §5 message key and its parameters, so the form shows the server's refusal inline.
 */
export const FieldError = Type.Object({
  pointer: Type.String(),
  key: Type.String(),
  params: Type.Record(Type.String(), Type.Unknown()),
});
export type FieldError = Static<typeof FieldError>;

/**
 * The §8 refusal body: a message key, never a stack trace; `message` where §7 names one (or the
 * request was malformed), `errors` when fields were refused (`errorCode: 'validation'` or the
 * field's own key), `status` where the call's answers carry one ('failed', 'no', …).
 */
export const Refusal = Type.Object({
  errorCode: Type.String(),
  message: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Array(FieldError)),
  status: Type.Optional(Type.String()),
});
export type Refusal = Static<typeof Refusal>;

/**
 * What the browser reads of a call that may be answered or refused: every member of the answer
 * and of the refusal, each possibly absent (a screen checks `hasError` and the status it expects).
 */
export type Reply<A, R = Refusal> = Partial<A> & Partial<R>;

/**
 * The `response` map of a call: its 2xx answer and its 4xx and 5xx refusals (the §8 body, or a
 * richer one the call names). Fastify picks the schema by status code; `2xx` stands for 200 and 201.
 */
export function answers<A extends TSchema, R extends TSchema = typeof Refusal>(answer: A, refusal?: R) {
  return { '2xx': answer, ...refusals(refusal) } as const;
}

/**
 * The `response` map of a call whose 2xx answer is not JSON (a catalogue file, an image, an HTML
 * page) or no body at all (a redirect): only its 4xx and 5xx refusals, the §8 body or the call's own.
 */
export function refusals<R extends TSchema = typeof Refusal>(refusal?: R) {
  const refused = (refusal ?? Refusal) as R;
  return { '4xx': refused, '5xx': refused } as const;
}

/**
 * The `response` entry of an answer that is not JSON (a catalogue file, an image, an HTML page): its
 * media type and what it holds, for the documentation. The server sends such an answer as bytes,
 * which Fastify never serializes, hence the derived type.
 */
export function media<S extends TSchema>(mediaType: string, schema: S) {
  return { content: { [mediaType]: { schema: Type.Unsafe<Uint8Array>(schema) } } };
}

/** The answer of the calls that answer a bare `true`/`false` (§7 "truthy"): validate…, checkUsername. */
export const BooleanAnswer = Type.Boolean();
export type BooleanAnswer = Static<typeof BooleanAnswer>;

/** `{ status: 'ok' }` of the admin and language calls that answer nothing else. */
export const StatusOk = Type.Object({ status: Type.String() });
export type StatusOk = Static<typeof StatusOk>;
