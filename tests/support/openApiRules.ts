/**
 * Whether a document is valid OpenAPI 3.1 (https://spec.openapis.org/oas/v3.1.0), as far as the
 * portal's document uses it: `openApiProblems(document)` lists every rule broken, [] when none.
 *
 * No OpenAPI validator is among the dependencies, and the specification's own JSON Schema is not
 * in node_modules, so the rules are written here, each citing its section of the specification:
 *
 * - the objects' fixed fields (which are required, of what type, no unknown field but `x-…`
 *   extensions) as one JSON Schema, checked with ajv;
 * - every Schema Object (§4.8.24: JSON Schema 2020-12 with OpenAPI's vocabulary) is valid against
 *   JSON Schema 2020-12's meta-schema, which ships with ajv, and compiles in ajv's strict mode, so an
 *   unknown keyword (a custom ajv keyword, a typebox internal) fails here rather than in a client;
 * - the rules between objects no schema can say: path templates and their path parameters, unique
 *   parameters, security requirements naming declared schemes, declared tags, unique operation ids,
 *   local `$ref`s that resolve.
 */
import { Ajv, type ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** An object of fixed fields: only those, and `x-…` extensions (§4.9 Specification Extensions). */
const fixed = (properties: Record<string, object>, required: string[] = []) => ({
  type: 'object', properties, required, patternProperties: { '^x-': {} }, additionalProperties: false,
});
const text = { type: 'string' };
const map = (value: object) => ({ type: 'object', additionalProperties: value });
const ref = (name: string) => ({ $ref: `#/definitions/${name}` });
const orReference = (name: string) => ({ anyOf: [ref('reference'), ref(name)] });

/** The fixed fields of the objects of §4.8 the portal's document may hold. */
const DOCUMENT_SCHEMA = {
  definitions: {
    // §4.8.23 Reference Object
    reference: fixed({ $ref: text, summary: text, description: text }, ['$ref']),
    // §4.8.2 Info Object, §4.8.3 Contact Object, §4.8.4 License Object
    info: fixed({
      title: text, summary: text, description: text, termsOfService: text, version: text,
      contact: fixed({ name: text, url: text, email: text }),
      license: fixed({ name: text, identifier: text, url: text }, ['name']),
    }, ['title', 'version']),
    // §4.8.5 Server Object
    server: fixed({ url: text, description: text, variables: map({ type: 'object' }) }, ['url']),
    // §4.8.11 External Documentation Object
    externalDocs: fixed({ description: text, url: text }, ['url']),
    // §4.8.22 Tag Object
    tag: fixed({ name: text, description: text, externalDocs: ref('externalDocs') }, ['name']),
    // §4.8.12 Parameter Object: `schema` or `content` (exactly one, checked in code)
    parameter: fixed({
      name: text, in: { enum: ['query', 'header', 'path', 'cookie'] }, description: text, required: { type: 'boolean' },
      deprecated: { type: 'boolean' }, allowEmptyValue: { type: 'boolean' }, style: text, explode: { type: 'boolean' },
      allowReserved: { type: 'boolean' }, schema: ref('schema'), example: {}, examples: map({}), content: map(ref('mediaType')),
    }, ['name', 'in']),
    // §4.8.14 Media Type Object
    mediaType: fixed({ schema: ref('schema'), example: {}, examples: map({}), encoding: map({ type: 'object' }) }),
    // §4.8.13 Request Body Object
    requestBody: fixed({ description: text, content: map(ref('mediaType')), required: { type: 'boolean' } }, ['content']),
    // §4.8.17 Response Object
    response: fixed({
      description: text, headers: map({ type: 'object' }), content: map(ref('mediaType')), links: map({ type: 'object' }),
    }, ['description']),
    // §4.8.16 Responses Object: `default` and status codes or ranges (1XX…5XX)
    responses: {
      type: 'object', minProperties: 1, additionalProperties: false,
      patternProperties: { '^(default|[1-5](\\d\\d|XX))$': orReference('response'), '^x-': {} },
    },
    // §4.8.30 Security Requirement Object
    securityRequirement: map({ type: 'array', items: text }),
    // §4.8.10 Operation Object
    operation: fixed({
      tags: { type: 'array', items: text }, summary: text, description: text, externalDocs: ref('externalDocs'),
      operationId: text, parameters: { type: 'array', items: orReference('parameter') }, requestBody: orReference('requestBody'),
      responses: ref('responses'), callbacks: map({ type: 'object' }), deprecated: { type: 'boolean' },
      security: { type: 'array', items: ref('securityRequirement') }, servers: { type: 'array', items: ref('server') },
    }),
    // §4.8.9 Path Item Object
    pathItem: fixed({
      $ref: text, summary: text, description: text, servers: { type: 'array', items: ref('server') },
      parameters: { type: 'array', items: orReference('parameter') },
      ...Object.fromEntries(METHODS.map((method) => [method, ref('operation')])),
    }),
    // §4.8.27 Security Scheme Object
    securityScheme: {
      allOf: [
        fixed({
          type: { enum: ['apiKey', 'http', 'mutualTLS', 'oauth2', 'openIdConnect'] }, description: text, name: text,
          in: { enum: ['query', 'header', 'cookie'] }, scheme: text, bearerFormat: text, flows: { type: 'object' }, openIdConnectUrl: text,
        }, ['type']),
        { if: { properties: { type: { const: 'apiKey' } } }, then: { required: ['name', 'in'] } },
        { if: { properties: { type: { const: 'http' } } }, then: { required: ['scheme'] } },
      ],
    },
    // §4.8.7 Components Object
    components: fixed({
      schemas: map(ref('schema')), responses: map(orReference('response')), parameters: map(orReference('parameter')),
      examples: map({}), requestBodies: map(orReference('requestBody')), headers: map({}),
      securitySchemes: map(orReference('securityScheme')), links: map({}), callbacks: map({}), pathItems: map(ref('pathItem')),
    }),
    // §4.8.24 Schema Object: an object or a boolean (checked against JSON Schema 2020-12 in code)
    schema: { type: ['object', 'boolean'] },
  },
  // §4.8.1 OpenAPI Object; §4.8.8 Paths Object: every path begins with a slash
  ...fixed({
    openapi: { type: 'string', pattern: '^3\\.1\\.\\d+$' }, info: ref('info'), jsonSchemaDialect: text,
    servers: { type: 'array', items: ref('server') },
    paths: { type: 'object', propertyNames: { pattern: '^(/|x-)' }, additionalProperties: ref('pathItem') },
    webhooks: map(ref('pathItem')), components: ref('components'),
    security: { type: 'array', items: ref('securityRequirement') },
    tags: { type: 'array', items: ref('tag') }, externalDocs: ref('externalDocs'),
  }, ['openapi', 'info']),
  anyOf: [{ required: ['paths'] }, { required: ['components'] }, { required: ['webhooks'] }],
};

/** The keywords OpenAPI adds to JSON Schema (§4.8.24.1 "Fixed Fields" of its vocabulary), all annotations. */
const OPENAPI_KEYWORDS = ['discriminator', 'xml', 'externalDocs', 'example'];

type Json = Record<string, unknown>;
type Operation = Json & { parameters?: Json[]; security?: Record<string, unknown>[]; tags?: string[]; operationId?: string };

const errorLines = (errors: ErrorObject[] | null | undefined) => (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);

/** Every Schema Object of the document with its JSON pointer (the places §4.8 puts one). */
function schemaObjects(document: Json): [string, unknown][] {
  const found: [string, unknown][] = [];
  const components = (document.components ?? {}) as Json;
  for (const [name, schema] of Object.entries((components.schemas ?? {}) as Json)) found.push([`/components/schemas/${name}`, schema]);
  const inContent = (pointer: string, content: unknown) => {
    for (const [type, media] of Object.entries((content ?? {}) as Record<string, Json>)) {
      if (media.schema !== undefined) found.push([`${pointer}/content/${type}/schema`, media.schema]);
    }
  };
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const at = `/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}`;
      (operation.parameters ?? []).forEach((parameter, i) => {
        if (parameter.schema !== undefined) found.push([`${at}/parameters/${i}/schema`, parameter.schema]);
        inContent(`${at}/parameters/${i}`, parameter.content);
      });
      inContent(`${at}/requestBody`, (operation.requestBody as Json | undefined)?.content);
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) inContent(`${at}/responses/${status}`, response.content);
    }
  }
  return found;
}

/** The value a local `$ref` (`#/…`) points at, or undefined. */
function resolvePointer(document: unknown, target: string): unknown {
  if (!target.startsWith('#')) return undefined;
  let current: unknown = document;
  for (const raw of target.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object' || !(key in current)) return undefined;
    current = (current as Json)[key];
  }
  return current;
}

/** Every rule of OpenAPI 3.1 the document breaks, as readable lines; [] when it is valid. */
export function openApiProblems(document: unknown): string[] {
  const problems: string[] = [];
  const structure = new Ajv({ allErrors: true, strict: false }).compile(DOCUMENT_SCHEMA);
  if (!structure(document)) problems.push(...errorLines(structure.errors).map((line) => `structure: ${line}`));
  if (document === null || typeof document !== 'object') return problems;
  const doc = document as Json;

  // §4.8.24: every Schema Object is JSON Schema 2020-12 (OpenAPI's dialect adds only annotations).
  const jsonSchema = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true, validateFormats: true });
  addFormats.default(jsonSchema);
  for (const keyword of OPENAPI_KEYWORDS) jsonSchema.addKeyword({ keyword });
  for (const [pointer, schema] of schemaObjects(doc)) {
    if (!jsonSchema.validateSchema(schema as object)) {
      problems.push(...errorLines(jsonSchema.errors).map((line) => `${pointer}: not JSON Schema 2020-12: ${line}`));
      continue;
    }
    try {
      // Local references of a schema are to the document (#/components/schemas/…), not to the schema.
      if (!JSON.stringify(schema).includes('"$ref"')) jsonSchema.compile(schema as object);
    } catch (error) {
      problems.push(`${pointer}: ${(error as Error).message}`);
    }
  }

  const components = (doc.components ?? {}) as Json;
  const schemes = new Set(Object.keys((components.securitySchemes ?? {}) as Json));
  const declaredTags = ((doc.tags ?? []) as { name: string }[]).map((tag) => tag.name);
  // §4.8.22: tag names are unique
  if (new Set(declaredTags).size !== declaredTags.length) problems.push('tags: a tag name is declared twice');
  const operationIds = new Map<string, string>();
  const templates = new Map<string, string>();

  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    if (!path.startsWith('/')) continue;
    // §4.8.8: templated paths with the same hierarchy but different names are identical, hence invalid
    const shape = path.replace(/\{[^}]*\}/g, '{}');
    if (templates.has(shape)) problems.push(`${path}: the same path as ${templates.get(shape)} with other parameter names`);
    templates.set(shape, path);
    const templateNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    const itemParameters = (item.parameters ?? []) as Json[];
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const at = `${method.toUpperCase()} ${path}`;
      const parameters = [...itemParameters, ...(operation.parameters ?? [])].filter((p) => !('$ref' in p));
      // §4.8.10: a parameter is unique by name and location
      const keys = (operation.parameters ?? []).map((p) => `${String(p.in)}:${String(p.name)}`);
      if (new Set(keys).size !== keys.length) problems.push(`${at}: a parameter is listed twice`);
      for (const parameter of parameters) {
        // §4.8.12.4: a parameter holds `schema` or `content`, not both; `content` has one entry
        if (('schema' in parameter) === ('content' in parameter)) problems.push(`${at}: parameter ${String(parameter.name)} needs exactly one of schema and content`);
        if (parameter.content && Object.keys(parameter.content).length !== 1) problems.push(`${at}: parameter ${String(parameter.name)}'s content must have one entry`);
        // §4.8.12.2: a path parameter is required and names a template expression of the path
        if (parameter.in === 'path') {
          if (parameter.required !== true) problems.push(`${at}: path parameter ${String(parameter.name)} must be required`);
          if (!templateNames.includes(String(parameter.name))) problems.push(`${at}: path parameter ${String(parameter.name)} is not in the path`);
        }
      }
      // §4.8.8.1 Path Templating: each template expression corresponds to a path parameter
      for (const name of templateNames) {
        if (!parameters.some((p) => p.in === 'path' && p.name === name)) problems.push(`${at}: {${name}} has no path parameter`);
      }
      // §4.8.10: operationId is unique among all operations
      if (operation.operationId !== undefined) {
        if (operationIds.has(operation.operationId)) problems.push(`${at}: operationId ${operation.operationId} is also ${operationIds.get(operation.operationId)}'s`);
        operationIds.set(operation.operationId, at);
      }
      // §4.8.30: each name of a security requirement is a declared security scheme
      for (const requirement of [...(operation.security ?? []), ...((doc.security ?? []) as Record<string, unknown>[])]) {
        for (const name of Object.keys(requirement)) if (!schemes.has(name)) problems.push(`${at}: security scheme ${name} is not declared`);
      }
      // §4.8.10/§4.8.22: tags used by operations are declared (the specification allows undeclared ones; the portal declares all)
      for (const tag of operation.tags ?? []) if (!declaredTags.includes(tag)) problems.push(`${at}: tag ${tag} is not declared`);
    }
  }

  // §4.8.23: every local reference resolves
  const walk = (value: unknown, pointer: string) => {
    if (value === null || typeof value !== 'object') return;
    for (const [key, sub] of Object.entries(value)) {
      if (key === '$ref' && typeof sub === 'string' && resolvePointer(doc, sub) === undefined) problems.push(`${pointer}: $ref ${sub} does not resolve`);
      walk(sub, `${pointer}/${key}`);
    }
  };
  walk(doc, '');
  return problems;
}
