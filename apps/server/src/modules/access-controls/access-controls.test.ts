import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';

/** The guard `can('access-controls.*', owner of the path, mayRead*Rules)`: a member's own rules, or any for MLS admins. */
describe('access control rules API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function addRule(ownerType: 'member' | 'office', ownerId: number, value: string) {
    await ctx.db.query(
      `INSERT INTO access_control_rules (owner_type, owner_id, type, name, key, value, action) VALUES ($1, $2, 'menu', 'Menu', 'menu', $3, 'deny')`,
      [ownerType, ownerId, value],
    );
  }

  const read = async (accountId: number, url: string) => ctx.app.inject({ url, headers: await ctx.as(accountId) });

  it("answers a member's own rules and their office's, and refuses another member's or office's (403) without their rules", async () => {
    const me = await ctx.factories.buildMember();
    const other = await ctx.factories.buildMember();
    await addRule('member', me.memberId, 'mine');
    await addRule('member', other.memberId, 'theirs');
    await addRule('office', other.officeId, 'their office');

    const own = await read(me.accountId, `/api/app/MemberAccessControls/${me.memberId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().results.map((r: { value: string }) => r.value)).toEqual(['mine']);
    expect((await read(me.accountId, `/api/app/OfficeAccessControls/${me.officeId}`)).statusCode).toBe(200);

    for (const url of [`/api/app/MemberAccessControls/${other.memberId}`, `/api/app/OfficeAccessControls/${other.officeId}`]) {
      const refused = await read(me.accountId, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ isSuccessful: false, code: 'FORBIDDEN' });
      expect(JSON.stringify(refused.json())).not.toContain('their');
    }
  });

  it("lets an MLS admin read any member's and office's rules", async () => {
    const admin = await ctx.factories.buildMember({ isCrmlsAdmin: true });
    const other = await ctx.factories.buildMember();
    await addRule('office', other.officeId, 'office rule');
    const office = await read(admin.accountId, `/api/app/OfficeAccessControls/${other.officeId}`);
    expect(office.statusCode).toBe(200);
    expect(office.json().results.map((r: { value: string }) => r.value)).toEqual(['office rule']);
    expect((await read(admin.accountId, `/api/app/MemberAccessControls/${other.memberId}`)).statusCode).toBe(200);
  });

  it('keeps a rule with an operator its contract does not name out of the table (migration 1173)', async () => {
    const me = await ctx.factories.buildMember();
    await expect(
      ctx.db.query(
        `INSERT INTO access_control_rules (owner_type, owner_id, type, name, key, value, action, operator)
         VALUES ('member', $1, 'menu', 'Menu', 'menu', 'x', 'deny', 'contains')`,
        [me.memberId],
      ),
    ).rejects.toMatchObject({ code: '23514' });
    const own = await read(me.accountId, `/api/app/MemberAccessControls/${me.memberId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().results).toEqual([]);
  });
});
