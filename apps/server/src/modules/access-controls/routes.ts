import { type AccessControlRule, envelope, idParamSchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/errors';
import { route } from '../../lib/route';

const present = (r: AccessControlRule) => ({
  id: r.id,
  type: r.type,
  name: r.name,
  key: r.key,
  value: r.value,
  action: r.action,
  operator: r.operator,
});

export async function accessControlsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/MemberAccessControls/:id',
    access: 'member',
    summary: "A member's access control rules (their own, or any for MLS admins)",
    tags: ['access-controls'],
    params: idParamSchema,
    handler: async ({ params, viewer, db }) => {
      if (params.id !== viewer.memberId && !viewer.isCrmlsAdmin) throw forbidden();
      const rows = await db.query<AccessControlRule>(
        "SELECT * FROM access_control_rules WHERE owner_type = 'member' AND owner_id = $1 ORDER BY id",
        [params.id],
      );
      return envelope(rows.map(present));
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/OfficeAccessControls/:id',
    access: 'member',
    summary: "An office's access control rules (own office, or any for MLS admins)",
    tags: ['access-controls'],
    params: idParamSchema,
    handler: async ({ params, viewer, db }) => {
      if (params.id !== viewer.officeId && !viewer.isCrmlsAdmin) throw forbidden();
      const rows = await db.query<AccessControlRule>(
        "SELECT * FROM access_control_rules WHERE owner_type = 'office' AND owner_id = $1 ORDER BY id",
        [params.id],
      );
      return envelope(rows.map(present));
    },
  });
}
