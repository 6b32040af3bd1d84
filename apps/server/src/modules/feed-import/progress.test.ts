import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { applyImport } from './service';

const OFFICES = 'OfficeKey,OfficeMlsId,OfficeName,OfficeAOR,OfficeCity\nPO1,PRGO1,Harbor Realty,PRGAOR,Riverside\n';

/**
 * An apply's live progress belongs to its database: import ids are a database's own, and one process may serve more
 * than one (the API tests build many apps in one worker, decision 1166). An apply running over one database must
 * not block the import of the same id over another.
 */
describe('CSV import progress, per database', () => {
  const contexts: TestContext[] = [];
  beforeAll(async () => {
    contexts.push(await createTestContext(), await createTestContext());
  });
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close();
  });

  const preview = async (ctx: TestContext) => {
    const staff = await ctx.as((await ctx.factories.buildMember({ type: 'MLS Staff' })).accountId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/Feed/Imports?resource=Office',
      headers: { ...staff, 'content-type': 'text/csv' },
      payload: OFFICES,
    });
    expect(res.statusCode).toBe(200);
    return res.json().results[0].id as number;
  };

  it('applies the import of one database while an import of the same id is being applied over another', async () => {
    const [a, b] = contexts;
    const first = await preview(a);
    const second = await preview(b);
    expect(second).toBe(first);

    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached = () => {};
    const inBatch = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const running = applyImport(a.db, first, {
      afterBatch: async () => {
        reached();
        await held;
      },
    });
    await inBatch;
    try {
      expect(await applyImport(b.db, second)).toMatchObject({ status: 'applied', error: null });
    } finally {
      release();
    }
    expect(await running).toMatchObject({ status: 'applied', error: null });
  });
});
