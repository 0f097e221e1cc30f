import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PREVIEW_HEADER } from '../server/http/preview-scope.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '../server/http/security.ts';
import { OPERATOR_KEY_HEADER } from '../server/routes/designer.ts';
import { PACKAGE_VERSION } from '../src/package-version.ts';
import { errorAnswers, errorCatalogue } from './openapi-errors.ts';
import { NAMED_SCHEMAS, OPERATIONS, TAGS, type Access, type Operation } from './openapi-operations.ts';
import { Converter, isOptional, SCHEMA_REF, type Json } from './openapi-schemas.ts';

/**
 * `docs/openapi.json`: an OpenAPI 3.1 document of the provider API, written from the calls of
 * `./openapi-operations.ts` and the valibot schemas the server validates requests with and the
 * storefront reads answers with (converted in `./openapi-schemas.ts`; the error answers are
 * `./openapi-errors.ts`). `npm run openapi` rewrites the file; build/openapi.test.ts fails while the
 * committed file differs from what this writes, and lints it with Redocly. The reference server
 * answers it at `GET /api/openapi.json`, and the package ships it as `storefront-elements/openapi.json`.
 *
 * @module
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the document is kept in the repository. */
export const OPENAPI_FILE = path.join(ROOT, 'docs', 'openapi.json');

/** The security requirements of each kind of access (OpenAPI: any one of the listed alternatives). */
function securityOf(operation: Operation): Json[] {
  const guest = {};
  const bearer = { bearerAuth: [] };
  const preview = { previewSession: [] };
  const byAccess: Record<Access, Json[]> = {
    none: [],
    public: [guest, bearer],
    website: [guest, bearer, preview],
    shop: operation.method === 'get' ? [guest, bearer, preview] : [guest, bearer],
    user: [bearer],
    coordinator: [bearer],
    operator: [{ operatorKey: [] }],
  };
  return byAccess[operation.access];
}

/** Who may call, in a sentence for the description. */
function accessText(operation: Operation): string {
  const reads = operation.method === 'get' ? ", or with a store designer's preview session of this shop" : '';
  const texts: Record<Access, string> = {
    none: '**Access: anyone.** No credentials are read.',
    public: "**Access: public.** No credentials needed; a bearer token sent along must be of this shop (else 403 `errors.no_access`).",
    website: '**Access: public.** The answer depends on the caller (see below).',
    shop: `**Access: shop.** A guest only in an open shop (\`login_required\` false)${reads}; otherwise a bearer token of this shop.`,
    user: '**Access: user.** A bearer token of this shop.',
    coordinator: "**Access: coordinator.** A bearer token of a coordinator of this shop (a buyer's answers 403 `errors.forbidden`); the shop is the token's.",
    operator:
      "**Access: operator.** The shop's operator key in `Shop-Operator-Key` (reference server only; the calls answer 404 `errors.not_found` in production without `SHOP_OPERATOR_SECRET`).",
  };
  return texts[operation.access];
}

/** The `$ref`s anywhere in `value`. */
function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.add(item);
      else refsIn(item, found);
    }
  }
  return found;
}

/** The schemas `roots` reference, however indirectly, among `schemas`. */
function reachableSchemas(roots: unknown, schemas: Record<string, Json>): Set<string> {
  const reached = new Set<string>();
  const queue = [...refsIn(roots)];
  for (let ref = queue.shift(); ref !== undefined; ref = queue.shift()) {
    if (!ref.startsWith(SCHEMA_REF)) continue;
    const name = ref.slice(SCHEMA_REF.length);
    if (reached.has(name) || !schemas[name]) continue;
    reached.add(name);
    queue.push(...refsIn(schemas[name]));
  }
  return reached;
}

const DESCRIPTION = `The provider API the storefront elements call, as the reference server (\`server/\`) implements it.
Written by \`build/openapi.ts\` from the valibot schemas the server validates requests with and the
storefront reads answers with (\`src/contract\`); the prose, with every rule and default, is \`docs/api.md\`.

- **Auth**: \`Authorization: Bearer <access_token>\` from login, a password reset or a sign-in code
  exchange, issued for one shop. The storefront keeps the token in the \`Admin-Token\` cookie on its own
  origin and sends it in this header; the API reads only the header. Calls with another shop's
  \`website_id\` answer 403 \`errors.no_access\`; objects of another user or shop answer 404.
- **XSRF**: every API answer makes sure the browser holds an \`${XSRF_COOKIE}\` cookie; a POST, PUT or
  DELETE that carries that cookie must echo it in the \`${XSRF_HEADER}\` header, else 403 \`errors.csrf\`.
  Clients without the cookie (servers) need not send it.
- **Errors** are JSON \`ApiError\` bodies whose \`code\` is an i18n key (the storefront shows it in the
  user's language) and \`message\` its English text; each error answer below lists its codes. A 422
  \`validation.invalid\` names the failing rule per field in \`errors\` and \`error_keys\`. An unknown
  \`/api\` path is 404 \`errors.not_found\`.
- **Answers** are read tolerantly by the storefront: a field missing or unusable gets a documented
  default and an unusable item of a list is left out (docs/api.md "Reading answers"). The schemas
  here describe a whole, well-formed answer, which the reference server always sends.`;

const SUCCESS_TEXT = { 200: 'OK', 201: 'Created', 204: 'Done: no content.' } as const;

/** The path, query and header parameters of a call. */
function parametersOf(operation: Operation, convert: Converter): Json[] {
  const parameters: Json[] = [];
  for (const [name, param] of Object.entries(operation.params ?? {})) {
    parameters.push({ name, in: 'path', required: true, description: param.description, schema: convert.parameter(param.schema) });
  }
  const query = operation.query;
  if (query) {
    const described = Object.keys(query.fields).sort().join();
    if (described !== Object.keys(query.schema.entries).sort().join()) throw new Error(`openapi: ${operation.operationId} describes the query fields ${described}, its schema has others`);
    for (const [name, entry] of Object.entries(query.schema.entries)) {
      parameters.push({ name, in: 'query', required: !isOptional(entry), description: query.fields[name], schema: convert.value(entry) });
    }
  }
  for (const param of operation.parameters ?? []) {
    parameters.push({ name: param.name, in: param.in, required: param.required, description: param.description, schema: convert.parameter(param.schema) });
  }
  if (operation.method !== 'get') parameters.push({ $ref: '#/components/parameters/XsrfToken' });
  if (operation.cached) parameters.push({ $ref: '#/components/parameters/IfNoneMatch' });
  return parameters;
}

/** A JSON body, or a multipart form whose fields are described as the values the server reads. */
function requestBodyOf(operation: Operation, convert: Converter): Json | undefined {
  const body = operation.body;
  if (!body) return undefined;
  if (!('form' in body)) return { required: true, content: { 'application/json': { schema: convert.sent(body) } } };
  const fields = Object.entries(body.form.entries);
  const schema = {
    type: 'object',
    required: fields.filter(([, entry]) => !isOptional(entry)).map(([name]) => name),
    properties: {
      ...Object.fromEntries(fields.map(([name, entry]) => [name, convert.value(entry)])),
      [body.file]: { type: 'string', contentMediaType: 'application/octet-stream', description: 'Optional: a JPG, PNG or PDF of at most 10 MB.' },
    },
  };
  return { required: true, content: { 'multipart/form-data': { schema, encoding: { [body.file]: { contentType: 'image/jpeg, image/png, application/pdf' } } } } };
}

/** The success answer of a call (with the caching headers and the 304 of a cached one). */
function successOf(operation: Operation, convert: Converter): Record<string, Json> {
  const success: Json = { description: SUCCESS_TEXT[operation.status] };
  if (operation.answer === 'document') success.content = { 'application/json': { schema: { type: 'object', description: 'An OpenAPI 3.1 document: this one.' } } };
  else if (operation.answer) success.content = { 'application/json': { schema: convert.sent(operation.answer) } };
  if (!operation.cached) return { [operation.status]: success };
  success.headers = {
    'Cache-Control': { description: 'Public: any cache may keep it for an hour.', schema: { type: 'string' } },
    ETag: { description: 'A tag of the document, for `If-None-Match`.', schema: { type: 'string' } },
  };
  return { [operation.status]: success, 304: { description: 'Not modified: `If-None-Match` names the current tag.' } };
}

const PARAMETERS = {
  XsrfToken: {
    name: XSRF_HEADER,
    in: 'header',
    required: false,
    description: `Required when the request carries the \`${XSRF_COOKIE}\` cookie: its value, else 403 \`errors.csrf\`.`,
    schema: { type: 'string' },
  },
  IfNoneMatch: { name: 'If-None-Match', in: 'header', required: false, description: 'A tag from an earlier `ETag`.', schema: { type: 'string' } },
};

const HEADERS = { RetryAfter: { description: 'Whole seconds until a new attempt may succeed.', schema: { type: 'integer', minimum: 0 } } };

const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The `access_token` of `POST /api/login`, `POST /api/resetPassword` or `POST /api/session/exchange`: a session of one user in one shop, ' +
      'valid until logout, a password change or reset, or its expiry (30 days by default). An unknown, expired or revoked token answers 401 where a user is needed.',
  },
  previewSession: {
    type: 'apiKey',
    in: 'header',
    name: PREVIEW_HEADER,
    description:
      "A store designer's preview session (`POST /api/designer/{slug}/preview-session`): on reads without a signed-in user, its shop answers as if it were open. " +
      "An ended or edited session is read as a guest's call, never as an error.",
  },
  operatorKey: {
    type: 'apiKey',
    in: 'header',
    name: OPERATOR_KEY_HEADER,
    description: "The shop's operator key, derived from `SHOP_OPERATOR_SECRET` and the shop's slug (docs/deploying.md); a missing or wrong one answers 401 `errors.operator_key`.",
  },
};

/** The OpenAPI 3.1 document of the provider API. */
export function openApiDocument(): Json {
  const convert = new Converter(NAMED_SCHEMAS);
  const errors = errorAnswers(OPERATIONS);
  const paths: Record<string, Record<string, Json>> = {};
  for (const operation of OPERATIONS) {
    const parameters = parametersOf(operation, convert);
    const requestBody = requestBodyOf(operation, convert);
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method] = {
      operationId: operation.operationId,
      tags: [operation.tag],
      summary: operation.summary,
      description: `${accessText(operation)}\n\n${operation.description}`,
      'x-access': operation.access,
      security: securityOf(operation),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: { ...successOf(operation, convert), ...errors.of(operation) },
    };
  }
  // Only the named schemas and shared parameters the calls reach.
  const allSchemas = convert.components();
  const used = reachableSchemas({ paths, responses: errors.components }, allSchemas);
  const usedRefs = refsIn(paths);
  const sharedParameters = Object.fromEntries(Object.entries(PARAMETERS).filter(([name]) => usedRefs.has(`#/components/parameters/${name}`)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Storefront elements provider API',
      version: PACKAGE_VERSION,
      description: `${DESCRIPTION}\n\n## Error codes\n\n${errorCatalogue(OPERATIONS)}`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: "The provider's API base: the origin that serves this document (the demo's is `http://localhost:4173`)." }],
    tags: TAGS,
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(allSchemas).filter(([name]) => used.has(name))),
      responses: errors.components,
      parameters: sharedParameters,
      headers: HEADERS,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

/** The document as the file holds it. */
export function openApiText(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}

/** `npm run openapi`: rewrites docs/openapi.json; `--check` only says whether it is up to date (exit code 1 when not). */
function main(argv: string[]): void {
  const text = openApiText();
  const current = (() => {
    try {
      return readFileSync(OPENAPI_FILE, 'utf8');
    } catch {
      return '';
    }
  })();
  const relative = path.relative(ROOT, OPENAPI_FILE);
  if (argv.includes('--check')) {
    if (current !== text) {
      console.error(`${relative} is out of date: run npm run openapi`);
      process.exitCode = 1;
    } else console.log(`${relative} is up to date`);
    return;
  }
  if (current === text) console.log(`${relative} is up to date`);
  else {
    writeFileSync(OPENAPI_FILE, text);
    console.log(`wrote ${relative}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
