/**
 * How every request is checked against its route's schemas (issue 9 rows 7 and 19): one validator
 * compiler for the whole app, so each rule below holds for every route, present and future.
 *
 * - **Well-formed strings.** A request whose path parameters, query or body hold a string (or an
 *   object key) with NUL or an unpaired UTF-16 surrogate is refused, 400 `request.invalid`, before
 *   its schema is even looked at: PostgreSQL stores neither (it failed with 500 before), and such a
 *   string is never what a person typed. Nested values count too, so open objects (the admin
 *   settings, a preview form's data) are covered. Path parameters are checked as the request
 *   arrives, since the member scope reads them before validation, and the body as soon as it is
 *   parsed, whether or not the route has a body schema.
 * - **Integers fit their columns.** An `integer` a schema leaves unbounded is bounded to PostgreSQL's
 *   `integer` (−2^31 … 2^31−1); every number must be finite (`1e999` is Infinity once parsed), in
 *   a coerced query or path value too (`?page=1e999`, which ajv would let through).
 * - **No coercion of bodies.** A JSON body is taken as sent: `true` is not 1 and `["x"]` is not "x".
 *   Form-encoded bodies are all strings and their schemas ask for strings. The query string and
 *   path parameters are text by nature, so a number or boolean there is read from its digits
 *   (`coerceTypes: true`), but a field sent twice (an array) is not made a string.
 *
 * Everything else is Fastify's default (defaults filled in, properties a closed object does not
 * list removed, the first error only, ajv-formats).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';

/** PostgreSQL `integer`, the type of every integer column. */
export const INT32_MIN = -(2 ** 31);
export const INT32_MAX = 2 ** 31 - 1;

/** The ajv keyword of a refused string, as the error handler names it. */
export const WELL_FORMED_KEYWORD = 'wellFormedString';

const ILL_FORMED = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const ILL_FORMED_ALL = new RegExp(ILL_FORMED.source, 'g');

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The JSON pointer of the first string or object key of `value` that holds NUL or an unpaired
 * surrogate, or null. Walked without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function findIllFormedString(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, pointer] = stack.pop()!;
    if (typeof current === 'string') {
      if (ILL_FORMED.test(current)) return pointer;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], `${pointer}/${i}`]);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, sub] of Object.entries(current)) {
        // A bad key is named with U+FFFD in its place: the refusal never echoes the bad character.
        if (ILL_FORMED.test(key)) return `${pointer}/${escapePointer(key.replace(ILL_FORMED_ALL, '\ufffd'))}`;
        stack.push([sub, `${pointer}/${escapePointer(key)}`]);
      }
    }
  }
  return null;
}

/**
 * The JSON pointer of the first number of `value` that is not finite, or null. ajv's `strictNumbers`
 * refuses Infinity as sent, but a query or path value it coerces (`?page=1e999`) becomes Infinity
 * after that check and passes `maximum` as well; this catches it once the part is coerced.
 */
export function findNonFiniteNumber(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, pointer] = stack.pop()!;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return pointer;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, sub] of Object.entries(current)) stack.push([sub, `${pointer}/${escapePointer(key)}`]);
    }
  }
  return null;
}

/** The ajv error of an ill-formed string at `instancePath`. */
export function illFormedStringError(instancePath: string): ErrorObject {
  return { keyword: WELL_FORMED_KEYWORD, instancePath, schemaPath: '#', params: {}, message: 'must not contain NUL or unpaired surrogates' };
}

/** A copy of `schema` whose unbounded integers are bounded to INT32. */
export function boundIntegers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(boundIntegers);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(schema)) copy[key] = key === 'const' || key === 'enum' || key === 'default' ? sub : boundIntegers(sub);
  const types = [copy.type].flat();
  if (types.includes('integer')) {
    if (copy.maximum === undefined && copy.exclusiveMaximum === undefined) copy.maximum = INT32_MAX;
    if (copy.minimum === undefined && copy.exclusiveMinimum === undefined) copy.minimum = INT32_MIN;
  }
  return copy;
}

function newAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: true, addUsedSchema: false, allErrors: false, strictNumbers: true });
  addFormats.default(ajv);
  return ajv;
}

type FastifyValidator = ValidateFunction & ((data: unknown, context?: unknown) => boolean);

/** The compiled schema, refusing ill-formed strings first. */
function wellFormedFirst(validate: ValidateFunction): FastifyValidator {
  const wrapped = function validateRequestPart(data: unknown, context?: unknown): boolean {
    const bad = findIllFormedString(data);
    if (bad !== null) {
      wrapped.errors = [illFormedStringError(bad)];
      return false;
    }
    const valid = (validate as (data: unknown, context?: unknown) => boolean)(data, context);
    wrapped.errors = validate.errors ?? null;
    const infinite = valid ? findNonFiniteNumber(data) : null;
    if (infinite !== null) {
      wrapped.errors = [{ keyword: 'type', instancePath: infinite, schemaPath: '#', params: { type: 'a finite number' }, message: 'must be a finite number' }];
      return false;
    }
    return valid;
  } as FastifyValidator;
  // Fastify hands the parent over (for coercion of the whole part) only to validators that have this.
  Object.assign(wrapped, { schemaEnv: validate.schemaEnv, schema: validate.schema });
  return wrapped;
}

export default fp(async function requestValidation(app: FastifyInstance) {
  const strict = newAjv(false);
  const textual = newAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }: { schema: FastifySchema; httpPart?: string }) => {
    const ajv = httpPart === 'querystring' || httpPart === 'params' || httpPart === 'headers' ? textual : strict;
    return wellFormedFirst(ajv.compile(boundIntegers(schema) as object));
  });
  const refuseIllFormed = (part: 'params' | 'body', value: unknown) => {
    const bad = findIllFormedString(value);
    if (bad === null) return;
    throw Object.assign(new Error(`${part}${bad} must not contain NUL or unpaired surrogates`), {
      statusCode: 400, code: 'FST_ERR_VALIDATION', validation: [illFormedStringError(bad)], validationContext: part,
    });
  };
  // The member scope resolves the organisation from the path before validation: check it first.
  const checkHook = (part: 'params' | 'body') => (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    try {
      refuseIllFormed(part, request[part]);
      done();
    } catch (error) {
      done(error as Error);
    }
  };
  app.addHook('onRequest', checkHook('params'));
  // A body is checked as it arrives too, also where the route has no body schema (it still reached the server).
  app.addHook('preValidation', checkHook('body'));
}, { name: 'requestValidation' });
