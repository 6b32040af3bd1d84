import { accessControlRuleSchema, envelope, envelopeSchema, idParamSchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { can } from '../../lib/guard';
import { route } from '../../lib/route';
import { mayReadMemberRules, mayReadOfficeRules } from './policy';
import { accessRulesOfOwner, ownerInPath } from './service';

export async function accessControlsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/MemberAccessControls/:id',
    guard: can('access-controls.member.read', ownerInPath('member'), mayReadMemberRules),
    summary: "A member's access control rules (their own, or any for MLS admins)",
    tags: ['access-controls'],
    response: envelopeSchema(accessControlRuleSchema),
    params: idParamSchema,
    handler: async ({ row, db }) => envelope(await accessRulesOfOwner(db, 'member', row.id)),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/OfficeAccessControls/:id',
    guard: can('access-controls.office.read', ownerInPath('office'), mayReadOfficeRules),
    summary: "An office's access control rules (own office, or any for MLS admins)",
    tags: ['access-controls'],
    response: envelopeSchema(accessControlRuleSchema),
    params: idParamSchema,
    handler: async ({ row, db }) => envelope(await accessRulesOfOwner(db, 'office', row.id)),
  });
}
