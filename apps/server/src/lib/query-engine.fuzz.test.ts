import { type QueryOp, querySchema } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/context';
import { HOSTILE_VALUES } from '../../test/fuzz-values';
import type { Db } from '../db/index';
import { ADMIN_ARTICLES } from '../modules/articles/admin-repository';
import { caseSpec } from '../modules/cases/repository';
import { campaignTypeSpec, notificationSpec } from '../modules/notifications/repository';
import { registeredSpec } from '../modules/registered/repository';
import { reasonSpec } from '../modules/reports/repository';
import { INPUT_TYPE_SPEC, SETTING_GROUP_SPEC, SETTING_TYPE_SPEC } from '../modules/settings/repository';
import { adminMessageSpec, memberTypeLookupSpec, statusSpec } from '../modules/system-notifications/admin-repository';
import { attendeeSpec, classRequestSpec, classSpec } from '../modules/training/repository';
import { AppError } from './errors';
import { buildQuery, type ResourceSpec } from './query-engine';

const SPECS: Record<string, ResourceSpec> = {
  ADMIN_ARTICLES,
  caseSpec,
  campaignTypeSpec,
  notificationSpec,
  registeredSpec,
  reasonSpec,
  INPUT_TYPE_SPEC,
  SETTING_GROUP_SPEC,
  SETTING_TYPE_SPEC,
  adminMessageSpec,
  memberTypeLookupSpec,
  statusSpec,
  attendeeSpec,
  classRequestSpec,
  classSpec,
};
const OPS: QueryOp[] = ['Equal', 'NotEqual', 'GreaterThan', 'In', 'Contains', 'StartsWith'];
const SCALARS = HOSTILE_VALUES.filter((v) => v === null || typeof v !== 'object');

/**
 * Issue 15: every criteria value of every field of every resource of the query engine is read by the field's type
 * before SQL. Each hostile value either is refused with a 400 or runs: the database never refuses it.
 */
describe('query engine criteria under hostile values', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  it('refuses or runs every criterion, never a database error', async () => {
    const failures: string[] = [];
    let ran = 0;
    for (const [name, spec] of Object.entries(SPECS)) {
      for (const [field, fieldSpec] of Object.entries(spec.fields)) {
        for (const op of OPS) {
          if (fieldSpec.ops && !fieldSpec.ops.includes(op)) continue;
          for (const value of SCALARS) {
            const query = querySchema.safeParse({ criteria: [{ field, op, values: [value] }] });
            if (!query.success) continue;
            let built: ReturnType<typeof buildQuery>;
            try {
              built = buildQuery(spec, query.data);
            } catch (error) {
              if (error instanceof AppError && error.status === 400) continue;
              throw error;
            }
            try {
              await db.query(`SELECT count(*) FROM ${spec.from} WHERE ${built.where}`, built.params);
              ran++;
            } catch (error) {
              failures.push(`${name}.${field} ${op} ${JSON.stringify(value).slice(0, 30)}: ${(error as Error).message}`);
            }
          }
        }
      }
    }
    expect(ran).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 300_000);
});
