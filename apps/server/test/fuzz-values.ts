/**
 * The hostile values of the fuzz test (apps/server/src/app.fuzz.test.ts) and the requests it makes of one operation
 * of the OpenAPI document: every path parameter, query parameter and body field in turn set to each hostile value,
 * the others plausible. Deterministic: the same document gives the same requests, in the same order.
 */

/** Values a JSON body or a query may carry where a scalar is expected. */
export const HOSTILE_VALUES: unknown[] = [
  2_147_483_648,
  99_999_999_999,
  1e20,
  1e12,
  1.5,
  -1,
  0,
  Number.MAX_SAFE_INTEGER + 2,
  'a\u0000b',
  '\ud800',
  'x'.repeat(5000),
  '2027-02-30',
  '2027-02-29',
  '+275760-09-13T00:00:00Z',
  '1e20',
  '2e0',
  '0x10',
  ' 1',
  '1.0',
  '-1',
  '',
  "' OR 1=1 --",
  true,
  null,
  [],
  [1, 'a\u0000'],
  {},
  { $gt: '' },
];

/** Raw (already percent-encoded) text for a path segment. */
export const HOSTILE_SEGMENTS: string[] = [
  '99999999999',
  '2147483648',
  '2e0',
  '0x10',
  '%201',
  '1.0',
  '-1',
  '0',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%zz',
  '%',
  'x'.repeat(400),
  '2027-02-30',
  '1e20',
  '%27%20OR%201%3D1',
  '%E2%80%AE',
];

/** Whole bodies of the wrong shape. */
export const HOSTILE_BODIES: Array<{ payload: string; contentType: string }> = [
  { payload: '[]', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '12', contentType: 'application/json' },
  { payload: '{"a":', contentType: 'application/json' },
  { payload: '{"a":"\\u0000"}', contentType: 'application/json' },
  { payload: '{"__proto__":{"x":1}}', contentType: 'application/json' },
  { payload: '<a/>', contentType: 'application/xml' },
  { payload: 'a=1', contentType: 'text/plain' },
  { payload: '{}', contentType: 'application/json; charset=latin-7' },
];

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
  required?: string[];
  description?: string;
}

export interface Operation {
  parameters?: Array<{ in: 'path' | 'query'; name: string; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

/** Ids the world made, by the name of the field that names them (a plain `id` is 1: each table's first row). */
export type KnownIds = Record<string, number>;

const DATE_NAME = /(date|On|End|Time)$/;

/** A value that should pass the field's own rule, so that a hostile value elsewhere is what the server must refuse. */
export function plausible(name: string, schema: JsonSchema | undefined, ids: KnownIds): unknown {
  if (!schema) return 'plausible';
  if (schema.default !== undefined && schema.default !== null && schema.default !== '') return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  const types = [schema.type, ...(options ?? []).map((o) => o.type)].flat().filter(Boolean) as string[];
  if (/id$|By$/i.test(name) && (types.includes('integer') || types.includes('number'))) return ids[name] ?? 1;
  if (types.includes('object') && schema.properties) return plausibleObject(schema, ids);
  if (types.includes('array')) return [];
  if (types.includes('boolean')) return true;
  if (types.includes('integer') || types.includes('number')) return Math.max(1, schema.minimum ?? 1);
  if (DATE_NAME.test(name)) return new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 19);
  if (/mail/i.test(name)) return 'someone@example.test';
  if (/url/i.test(name)) return 'https://example.org/a';
  return 'Plausible text'.slice(0, schema.maxLength ?? 14).padEnd(Math.min(schema.minLength ?? 0, schema.maxLength ?? 14), 'x');
}

export function plausibleObject(schema: JsonSchema, ids: KnownIds): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, s]) => [key, plausible(key, s, ids)]));
}

export interface FuzzRequest {
  label: string;
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
}

/** Percent-encodes as a browser would, a lone surrogate as the bytes of its (invalid) UTF-8 form. */
const encode = (text: string) =>
  text
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');

const encodeQuery = (value: unknown): string => {
  if (Array.isArray(value)) return value.map((v) => encode(String(v))).join('&_=');
  return encode(typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
};

/** Every hostile request of one operation, the base body (plausible or given) varied one field at a time. */
export function requestsFor(
  method: string,
  path: string,
  op: Operation,
  ids: KnownIds,
  validBody?: Record<string, unknown>,
): FuzzRequest[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const segment = (name: string) => String(ids[name] ?? (name === '*' ? 'a.png' : /id$/i.test(name) ? 1 : 'abc'));
  const urlWith = (override: Record<string, string> = {}, query = '') => {
    const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => override[name] ?? segment(name));
    return query ? `${url}?${query}` : url;
  };
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const hasBody = !!bodySchema || ['POST', 'PUT', 'PATCH'].includes(method);
  const base = validBody ?? (bodySchema ? plausibleObject(bodySchema, ids) : {});
  const json = (body: unknown) => ({ payload: JSON.stringify(body), contentType: 'application/json' });
  const baseBody = hasBody ? json(base) : {};
  const out: FuzzRequest[] = [{ label: 'plausible', method, url: urlWith(), ...baseBody }];
  for (const p of pathParams) {
    for (const raw of HOSTILE_SEGMENTS)
      out.push({ label: `path ${p.name}=${raw.slice(0, 20)}`, method, url: urlWith({ [p.name]: raw }), ...baseBody });
  }
  for (const p of queryParams) {
    for (const value of HOSTILE_VALUES) {
      out.push({
        label: `query ${p.name}=${String(value).slice(0, 20)}`,
        method,
        url: urlWith({}, `${p.name}=${encodeQuery(value)}`),
        ...baseBody,
      });
    }
    out.push({ label: `query ${p.name}=%zz`, method, url: urlWith({}, `${p.name}=%zz`), ...baseBody });
  }
  if (!hasBody) return out;
  const fields = Object.keys({ ...(bodySchema?.properties ?? {}), ...base });
  for (const field of fields) {
    for (const value of HOSTILE_VALUES) {
      out.push({
        label: `body ${field}=${JSON.stringify(value)?.slice(0, 20)}`,
        method,
        url: urlWith(),
        ...json({ ...base, [field]: value }),
      });
    }
  }
  if (fields.includes('criteria')) {
    for (const value of HOSTILE_VALUES) {
      for (const [field, operator] of [
        ['id', 'Equal'],
        ['id', 'In'],
        ['id', 'GreaterThan'],
      ]) {
        const criteria = [{ field, op: operator, values: [value] }];
        out.push({
          label: `criteria ${field} ${operator} ${JSON.stringify(value)?.slice(0, 20)}`,
          method,
          url: urlWith(),
          ...json({ ...base, criteria }),
        });
      }
    }
    const shapes = [
      [{ field: 'id', op: 'Equal', values: 1 }],
      [{ field: 'id', op: 'Nope', values: [1] }],
      [{ field: ['id'] }],
      ['id'],
      [null],
    ];
    for (const criteria of shapes)
      out.push({ label: `criteria shape ${JSON.stringify(criteria)}`, method, url: urlWith(), ...json({ ...base, criteria }) });
  }
  for (const body of HOSTILE_BODIES) out.push({ label: `whole body ${body.payload.slice(0, 20)}`, method, url: urlWith(), ...body });
  return out;
}
