import * as shared from '@portico/shared';
import { z } from 'zod';

/**
 * What a route's `response:` contract is called in docs/routes.md: the name of the packages/shared export it is (the
 * `Schema` suffix dropped), an envelope of one as `Envelope<Name>`, anything else `inline` (decision 1141).
 */
export function contractName(schema: z.ZodType | undefined): string | null {
  if (!schema) return null;
  const named = contractNames().get(schema);
  if (named) return named;
  if (schema instanceof z.ZodObject) {
    const results = schema.shape.results;
    if (results instanceof z.ZodArray && 'totalPages' in schema.shape) {
      return `Envelope<${contractNames().get(results.element as z.ZodType) ?? 'inline'}>`;
    }
  }
  return 'inline';
}

let names: WeakMap<z.ZodType, string> | undefined;
function contractNames(): WeakMap<z.ZodType, string> {
  if (!names) {
    names = new WeakMap();
    for (const [name, value] of Object.entries(shared as Record<string, unknown>)) {
      if (value instanceof z.ZodType)
        names.set(
          value,
          name.replace(/Schema$/, '').replace(/^./, (c) => c.toUpperCase()),
        );
    }
  }
  return names;
}

/**
 * Where an answer (as JSON would carry it) differs from its contract: fields the contract does not name (the
 * serialiser would drop them, and a screen reading one would break), fields missing or of another type. Run on every
 * answer of a route with `response:` when `RESPONSE_CHECK=strict` (the API tests and the journeys), never in
 * production, where the serialiser alone applies the contract.
 */
export function contractGaps(schema: z.ZodType, answer: unknown): string[] {
  const value = answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
  const parsed = schema.safeParse(value);
  const wrong = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
  return [...wrong, ...unnamedFields(schema, value, '').map((path) => `${path}: not in the contract`)];
}

function unnamedFields(schema: z.ZodType, value: unknown, path: string): string[] {
  if (value === null || value === undefined) return [];
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) return unnamedFields(schema.unwrap() as z.ZodType, value, path);
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodCatch || schema instanceof z.ZodReadonly)
    return unnamedFields(def.innerType as z.ZodType, value, path);
  if (schema instanceof z.ZodLazy) return unnamedFields((def.getter as () => z.ZodType)(), value, path);
  if (schema instanceof z.ZodArray)
    return Array.isArray(value) ? value.flatMap((v, i) => unnamedFields(schema.element as z.ZodType, v, `${path}${i}.`)) : [];
  if (schema instanceof z.ZodUnion) {
    const tries = (schema.options as z.ZodType[]).map((option) =>
      option.safeParse(value).success ? unnamedFields(option, value, path) : null,
    );
    const fits = tries.filter((t): t is string[] => t !== null);
    return fits.length === 0 || fits.some((t) => t.length === 0) ? [] : fits[0]!;
  }
  if (schema instanceof z.ZodRecord && typeof value === 'object')
    return Object.entries(value as object).flatMap(([k, v]) => unnamedFields(def.valueType as z.ZodType, v, `${path}${k}.`));
  if (schema instanceof z.ZodObject && typeof value === 'object' && !Array.isArray(value)) {
    const open = def.catchall && !(def.catchall instanceof z.ZodNever);
    return Object.entries(value as object).flatMap(([k, v]) => {
      const field = schema.shape[k] as z.ZodType | undefined;
      if (!field) return open ? [] : [`${path}${k}`];
      return unnamedFields(field, v, `${path}${k}.`);
    });
  }
  return [];
}
