import { randomUUID } from 'node:crypto';

/**
 * Reads the operations and their inputs out of the OpenAPI document the app serves, and generates
 * valid example values and bad values for them (the bad-input suite).
 */

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  minItems?: number;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Param {
  in: 'query' | 'path';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** the document's template, e.g. `/api/campaigns/{id}` */
  path: string;
  /** declares bearer security (itself or through the document's default) */
  bearer: boolean;
  params: Param[];
  body: JsonSchema | null;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const security = op.security ?? doc.security ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        bearer: security.some((requirement) => 'bearer' in requirement),
        params: (op.parameters ?? [])
          .filter((p) => p.in === 'query' || p.in === 'path')
          .map((p) => ({
            in: p.in as Param['in'],
            name: p.name,
            required: p.required ?? false,
            schema: p.schema ?? {},
          })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

export type Kind = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

/** The JSON types a schema accepts (through anyOf/oneOf/allOf; null left out). */
export function kindsOf(schema: JsonSchema): Set<Kind> {
  const kinds = new Set<Kind>();
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  for (const type of types) if (type !== 'null') kinds.add(type as Kind);
  if (!types.length && schema.properties) kinds.add('object');
  if (!types.length && schema.enum) kinds.add('string');
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    for (const kind of kindsOf(sub)) kinds.add(kind);
  }
  return kinds;
}

function formatsOf(schema: JsonSchema): Set<string> {
  const formats = new Set<string>(schema.format ? [schema.format] : []);
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    for (const format of formatsOf(sub)) formats.add(format);
  }
  return formats;
}

/** The object schema of a body, whether it is plain, nullable or an anyOf with null. */
export function objectSchema(schema: JsonSchema): JsonSchema | null {
  if (schema.properties) return schema;
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const found = objectSchema(sub);
    if (found) return found;
  }
  return null;
}

export interface BadValue {
  label: string;
  value: unknown;
}

const NUL: BadValue = { label: 'string with NUL', value: 'a\u0000b' };
const OVERLONG: BadValue = { label: '100,000-character string', value: 'x'.repeat(100_000) };
const BAD_NUMBERS: BadValue[] = [
  { label: '2^31', value: 2147483648 },
  { label: '2^63', value: 9223372036854775808 },
  { label: '1e308', value: 1e308 },
  { label: '-1', value: -1 },
];
const BAD_DATES = ['2024-13-45', '0000-01-01', '9999-12-31', '2024-02-30T25:61:00Z'];
/** The same impossible or extreme days written as date-times (a date-only string fails a date-time format). */
const BAD_DATE_TIMES = ['2024-02-30T00:00:00Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z'];
const BAD_UUIDS = [
  'not-a-uuid',
  '12345',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1',
];

const labelled = (values: string[], what: string): BadValue[] =>
  values.map((value) => ({ label: `${what} ${value}`, value }));

const looksLikeDate = (schema: JsonSchema, name: string) =>
  formatsOf(schema).has('date') ||
  formatsOf(schema).has('date-time') ||
  name === 'from' ||
  name === 'to' ||
  name.endsWith('_at');
const looksLikeUuid = (schema: JsonSchema, name: string) =>
  formatsOf(schema).has('uuid') || name === 'id' || name.endsWith('_id') || name.endsWith('_ids');

/** Bad JSON values for one body field, by the types the document declares for it. */
export function badBodyValues(schema: JsonSchema, name: string): BadValue[] {
  const kinds = kindsOf(schema);
  const values: BadValue[] = [];
  const numeric = kinds.has('integer') || kinds.has('number');
  if (kinds.has('string') || kinds.size === 0) {
    values.push(NUL, OVERLONG);
    if (!numeric) values.push({ label: 'number for string', value: 12345 });
    if (looksLikeDate(schema, name)) {
      values.push(...labelled(BAD_DATES, 'date'), ...labelled(BAD_DATE_TIMES, 'date-time'));
    }
    if (looksLikeUuid(schema, name)) values.push(...labelled(BAD_UUIDS, 'uuid'));
  }
  if (numeric) {
    if (!kinds.has('string')) values.push({ label: 'string for number', value: 'abc' });
    values.push(...BAD_NUMBERS);
  }
  if (kinds.has('boolean')) values.push({ label: 'string for boolean', value: 'abc' });
  if (kinds.has('array')) values.push({ label: 'object for array', value: { a: 1 } });
  if (kinds.has('object')) values.push({ label: 'array for object', value: [1] });
  return values;
}

/** Bad query or path values: every one of them, since on the wire they are all strings. */
export function badWireValues(): BadValue[] {
  return [
    NUL,
    OVERLONG,
    { label: 'string for number', value: 'abc' },
    ...BAD_NUMBERS.map((b) => ({
      label: b.label,
      value: b.label === '2^63' ? '9223372036854775808' : String(b.value),
    })),
    ...labelled(BAD_DATES, 'date'),
    ...labelled(BAD_DATE_TIMES, 'date-time'),
    ...labelled(BAD_UUIDS, 'uuid'),
  ];
}

export interface BodyField {
  /** JSON path of the field in the body, e.g. `["tiers", 0, "min_conversions_in_month"]` */
  path: (string | number)[];
  schema: JsonSchema;
}

/** Every field of a body, nested objects and the object items of arrays included. */
export function bodyFields(schema: JsonSchema, prefix: (string | number)[] = []): BodyField[] {
  const object = objectSchema(schema);
  if (!object?.properties) return [];
  const fields: BodyField[] = [];
  for (const [name, property] of Object.entries(object.properties)) {
    const path = [...prefix, name];
    fields.push({ path, schema: property });
    const items = property.items;
    if (items) {
      if (objectSchema(items)) fields.push(...bodyFields(items, [...path, 0]));
      else fields.push({ path: [...path, 0], schema: items });
    } else if (objectSchema(property)) {
      fields.push(...bodyFields(property, path));
    }
  }
  return fields;
}

/** The schema of the value at `path` inside `root`. */
export function schemaAt(root: JsonSchema, path: (string | number)[]): JsonSchema | undefined {
  let schema: JsonSchema | undefined = root;
  for (const key of path) {
    if (!schema) return undefined;
    schema = typeof key === 'number' ? itemsOf(schema) : objectSchema(schema)?.properties?.[key];
  }
  return schema;
}

function itemsOf(schema: JsonSchema): JsonSchema | undefined {
  if (schema.items) return schema.items;
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const found = itemsOf(sub);
    if (found) return found;
  }
  return undefined;
}

/** A copy of `body` with `value` at `path`; containers on the way are filled with valid examples. */
export function withValue(
  body: Record<string, unknown>,
  path: (string | number)[],
  value: unknown,
  exampleOf: (schema: JsonSchema, name: string) => unknown,
  root: JsonSchema,
): Record<string, unknown> {
  const copy = structuredClone(body);
  let node = copy as Record<string | number, unknown>;
  for (const [i, key] of path.slice(0, -1).entries()) {
    if (node[key] === undefined || node[key] === null) {
      const schema = schemaAt(root, path.slice(0, i + 1));
      node[key] = schema ? exampleOf(schema, String(key)) : {};
    }
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1]!] = value;
  return copy;
}

/** A valid value for `schema` (required object properties only); `named` values win, by field name. */
export function exampleOf(
  schema: JsonSchema,
  name: string,
  named: Record<string, () => unknown> = {},
): unknown {
  const value = named[name];
  if (value) return value();
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum.find((v) => v !== 'all') ?? schema.enum[0];
  const sub = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((s) => s.type !== 'null');
  if (!schema.type && sub) return exampleOf(sub, name, named);
  const kinds = kindsOf(schema);
  const object = objectSchema(schema);
  if (object) {
    return Object.fromEntries(
      (object.required ?? []).map((key) => [key, exampleOf(object.properties?.[key] ?? {}, key, named)]),
    );
  }
  if (kinds.has('string')) return exampleString(schema, name);
  if (kinds.has('integer') || kinds.has('number')) {
    return schema.minimum === undefined ? 1 : schema.minimum + (schema.exclusiveMinimum ? 1 : 0);
  }
  if (kinds.has('boolean')) return false;
  if (kinds.has('array'))
    return schema.minItems && schema.items ? [exampleOf(schema.items, name, named)] : [];
  return {};
}

function exampleString(schema: JsonSchema, name: string): string {
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'email') return `example-${randomUUID()}@test.example`;
  if (schema.format === 'date') return '2025-01-15';
  if (schema.format === 'date-time') return '2025-01-15T00:00:00Z';
  if (schema.format === 'uri' || /url|endpoint|website/.test(name)) return 'https://example.com/';
  if (schema.pattern === '^[A-Za-z]{2}$') return 'DK';
  if (schema.pattern === '^[A-Za-z]{3}$') return 'USD';
  return 'valid text value';
}

/** The URL of `op` with its path parameters filled in and `query` (a repeated key for an array). */
export function urlOf(op: Operation, path: Record<string, string>, query: Record<string, string | string[]>) {
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(path[name]!));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

export const fieldName = (path: (string | number)[]) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : p))
    .join('.')
    .replaceAll('.[', '[');
