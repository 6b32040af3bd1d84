import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';
import { buildPropertyRecord } from '../../../test/registered-factories';

/** The address type-ahead's word rule (decision 0203), on the index ranges it reads, on PGlite and PostgreSQL. */
describe('address type-ahead: GET /api/app/Maps/addresses', () => {
  let ctx: TestContext;
  let member: BuiltMember;
  const labels = async (text: string) => {
    const res = await ctx.app.inject({
      url: `/api/app/Maps/addresses?text=${encodeURIComponent(text)}`,
      headers: await ctx.as(member.accountId),
    });
    expect(res.statusCode).toBe(200);
    return (res.json().results as Array<{ kind: string; label: string }>).filter((r) => r.kind === 'address').map((r) => r.label);
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    member = await ctx.factories.buildMember();
    const hb = { city: 'Huntington Beach', postalCode: '92648' };
    const newport = { city: 'Newport Beach', postalCode: '92660' };
    await buildPropertyRecord(ctx.db, { streetNumber: '123', streetName: 'Main', streetSuffix: 'St', ...hb });
    await buildPropertyRecord(ctx.db, { streetNumber: '1234', streetName: 'Main', streetSuffix: 'St', ...hb });
    await buildPropertyRecord(ctx.db, { streetNumber: '123', streetDirPrefix: 'N', streetName: 'Maple', streetSuffix: 'Ave', ...newport });
    await buildPropertyRecord(ctx.db, { streetNumber: '77', streetName: 'Germain', streetSuffix: 'Way', ...newport });
    await buildPropertyRecord(ctx.db, { streetNumber: '450', streetName: 'Camino Real', streetSuffix: 'Blvd', ...newport });
    await buildPropertyRecord(ctx.db, { streetNumber: '9', streetName: 'Ocean', streetSuffix: 'Ave', unitNumber: '12', ...hb });
    await buildPropertyRecord(ctx.db, { streetNumber: '321', streetName: "O'Neil", streetSuffix: 'Ct', ...newport });
  });
  afterAll(() => ctx.close());

  it('finds a house number exactly once it is followed by a word, and by its start while it is typed', async () => {
    expect(await labels('123 Main')).toEqual(['123 Main St, Huntington Beach, CA 92648']);
    expect(await labels('123 Ma')).toEqual(['123 Main St, Huntington Beach, CA 92648', '123 N Maple Ave, Newport Beach, CA 92660']);
    expect(await labels('123')).toEqual([
      '123 Main St, Huntington Beach, CA 92648',
      '1234 Main St, Huntington Beach, CA 92648',
      '123 N Maple Ave, Newport Beach, CA 92660',
    ]);
  });

  it('matches the start of words only, in any order, direction, suffix, city, state and ZIP included', async () => {
    expect(await labels('main')).toEqual(['123 Main St, Huntington Beach, CA 92648', '1234 Main St, Huntington Beach, CA 92648']);
    expect(await labels('Maple 123 N')).toEqual(['123 N Maple Ave, Newport Beach, CA 92660']);
    expect(await labels('123 Main, Huntington Beach CA 926')).toEqual(['123 Main St, Huntington Beach, CA 92648']);
    expect(await labels('123 Main Newport')).toEqual([]);
    expect(await labels('9 Ocean Ave #12')).toEqual(['9 Ocean Ave #12, Huntington Beach, CA 92648']);
    expect(await labels("321 o'neil")).toEqual(["321 O'Neil Ct, Newport Beach, CA 92660"]);
    expect(await labels('321 O Ne')).toEqual(["321 O'Neil Ct, Newport Beach, CA 92660"]);
  });

  it('finds addresses by ZIP code and by city, whole or started', async () => {
    expect(await labels('92660')).toHaveLength(4);
    expect(await labels('9266')).toHaveLength(4);
    expect(await labels('Newport Be')).toHaveLength(4);
    expect(await labels('huntington beach')).toHaveLength(3);
  });

  it('finds a later word of a street name through the trigram fallback, and nothing for a word inside another', async () => {
    expect(await labels('real')).toEqual(['450 Camino Real Blvd, Newport Beach, CA 92660']);
    expect(await labels('450 Real')).toEqual(['450 Camino Real Blvd, Newport Beach, CA 92660']);
    expect(await labels('main 77')).toEqual([]);
    expect(await labels('ermain')).toEqual([]);
    expect(await labels('real blv')).toEqual(['450 Camino Real Blvd, Newport Beach, CA 92660']);
    expect(await labels('rea blvd')).toEqual([]);
  });

  it('offers only California and Louisiana: the states a registered listing may be in', async () => {
    await buildPropertyRecord(ctx.db, { streetNumber: '500', streetName: 'Statewide', city: 'Reno', postalCode: '89501', state: 'NV' });
    await buildPropertyRecord(ctx.db, {
      streetNumber: '501',
      streetName: 'Statewide',
      city: 'Shreveport',
      postalCode: '71101',
      state: 'LA',
    });
    expect(await labels('Statewide')).toEqual(['501 Statewide, Shreveport, LA 71101']);
    const res = await ctx.app.inject({ url: '/api/app/Maps/addresses?text=Seattle', headers: await ctx.as(member.accountId) });
    const states = new Set((res.json().results as Array<{ stateOrProvince: string }>).map((r) => r.stateOrProvince));
    expect([...states].sort()).toEqual([]);
    const reno = await ctx.app.inject({ url: '/api/app/Maps/addresses?text=895', headers: await ctx.as(member.accountId) });
    expect(reno.json().results).toEqual([]);
    const lake = await ctx.app.inject({ url: '/api/app/Maps/addresses?text=Lake%20Charles', headers: await ctx.as(member.accountId) });
    expect((lake.json().results as Array<{ stateOrProvince: string }>).map((r) => r.stateOrProvince)).toContain('LA');
  });

  it('answers no address for punctuation alone and a 400 for a missing text', async () => {
    expect(await labels(' ,#')).toEqual([]);
    const res = await ctx.app.inject({ url: '/api/app/Maps/addresses', headers: await ctx.as(member.accountId) });
    expect(res.statusCode).toBe(400);
  });
});
