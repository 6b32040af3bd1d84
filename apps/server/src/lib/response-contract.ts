import * as shared from '@portico/shared';
import { z } from 'zod';
import { AppError } from './errors';

/** A contract: a schema of classic Zod or of Zod Mini (the public auth-config, decision 0992); both share Zod's core. */
export type Contract = z.core.$ZodType;

/**
 * What a route's `response:` contract is called in docs/routes.md: the name of the packages/shared export it is (the
 * `Schema` suffix dropped), an envelope of one as `Envelope<Name>`, anything else `inline` (decision 1141).
 */
export function contractName(schema: Contract | undefined): string | null {
  if (!schema) return null;
  const named = contractNames().get(schema);
  if (named) return named;
  if (schema instanceof z.ZodObject) {
    const results = schema.shape.results;
    if (results instanceof z.ZodArray && 'totalPages' in schema.shape) {
      return `Envelope<${contractNames().get(results.element as Contract) ?? 'inline'}>`;
    }
  }
  return 'inline';
}

let names: WeakMap<Contract, string> | undefined;
function contractNames(): WeakMap<Contract, string> {
  if (!names) {
    names = new WeakMap();
    for (const [name, value] of Object.entries(shared as Record<string, unknown>)) {
      if (value instanceof z.core.$ZodType)
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
export function contractGaps(schema: Contract, answer: unknown): string[] {
  const value = answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
  const parsed = z.safeParse(schema, value);
  const wrong = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
  return [...wrong, ...unnamedFields(schema, value, '').map((path) => `${path}: not in the contract`)];
}

/**
 * Refuses an answer outside its contract (`where` names the call): an AppError so that its message reaches the answer.
 * Only ever called under RESPONSE_CHECK=strict (tests, journeys).
 */
export function refuseOutsideContract(schema: Contract, answer: unknown, where: string): void {
  const gaps = contractGaps(schema, answer);
  if (gaps.length) throw new AppError('INTERNAL', `${where} answers outside its contract: ${gaps.slice(0, 8).join('; ')}`);
}

/** A schema's definition as Zod's core keeps it, the same for classic Zod and Zod Mini. */
type Def = {
  type: string;
  innerType?: Contract;
  getter?: () => Contract;
  element?: Contract;
  options?: Contract[];
  valueType?: Contract;
  shape?: Record<string, Contract>;
  catchall?: Contract;
};
const WRAPPERS = new Set(['nullable', 'optional', 'default', 'catch', 'readonly', 'nonoptional', 'prefault']);

function unnamedFields(schema: Contract, value: unknown, path: string): string[] {
  if (value === null || value === undefined) return [];
  const def = schema._zod.def as unknown as Def;
  if (WRAPPERS.has(def.type) && def.innerType) return unnamedFields(def.innerType, value, path);
  if (def.type === 'lazy' && def.getter) return unnamedFields(def.getter(), value, path);
  if (def.type === 'array' && def.element) {
    const element = def.element;
    return Array.isArray(value) ? value.flatMap((v, i) => unnamedFields(element, v, `${path}${i}.`)) : [];
  }
  if (def.type === 'union' && def.options) {
    const tries = def.options.map((option) => (z.safeParse(option, value).success ? unnamedFields(option, value, path) : null));
    const fits = tries.filter((t): t is string[] => t !== null);
    return fits.length === 0 || fits.some((t) => t.length === 0) ? [] : fits[0]!;
  }
  if (def.type === 'record' && def.valueType && typeof value === 'object') {
    const valueType = def.valueType;
    return Object.entries(value as object).flatMap(([k, v]) => unnamedFields(valueType, v, `${path}${k}.`));
  }
  if (def.type === 'object' && def.shape && typeof value === 'object' && !Array.isArray(value)) {
    const shape = def.shape;
    const open = def.catchall && def.catchall._zod.def.type !== 'never';
    return Object.entries(value as object).flatMap(([k, v]) => {
      const field = shape[k];
      if (!field) return open ? [] : [`${path}${k}`];
      return unnamedFields(field, v, `${path}${k}.`);
    });
  }
  return [];
}
