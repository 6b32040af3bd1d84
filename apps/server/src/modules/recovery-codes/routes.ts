import {
  envelope,
  envelopeSchema,
  generatedRecoveryCodesSchema,
  generateRecoveryCodesSchema,
  RECOVERY_CODE_MESSAGES,
  recoveryCodesStateSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { credentialRoute } from '../../lib/credential-route';
import { allow } from '../../lib/guard';
import { securityLog } from '../../lib/security-log';
import { securityEvent } from '../security-activity/index';
import { hasOwnRecoveryCodes } from './policy';
import { generateRecoveryCodes, recoveryCodesState } from './service';

const tags = ['recovery-codes'];

/** Issue 32 §2: the signed-in member's own recovery codes; how many are left, and a new set shown once. */
export async function recoveryCodesRoutes(app: FastifyInstance): Promise<void> {
  credentialRoute(app, {
    method: 'GET',
    url: '/api/app/MemberRecoveryCodes',
    guard: allow('recovery-codes.read', hasOwnRecoveryCodes),
    gates: { secondFactor: false },
    summary: "How many of the signed-in member's recovery codes are left, and when the set was made (never the codes)",
    tags,
    response: envelopeSchema(recoveryCodesStateSchema),
    handler: async ({ viewer, db }) => envelope([await recoveryCodesState(db, viewer.memberId)]),
  });

  credentialRoute(app, {
    method: 'POST',
    url: '/api/app/MemberRecoveryCodes/Generate',
    guard: allow('recovery-codes.generate', hasOwnRecoveryCodes),
    gates: { secondFactor: false },
    summary: 'Makes ten new recovery codes, voiding the old set, and answers them this once',
    tags,
    response: envelopeSchema(generatedRecoveryCodesSchema),
    body: generateRecoveryCodesSchema,
    bodyLimit: 1024,
    rateLimit: ['enlist', 'enlist-address'],
    handler: async ({ viewer, db, req, principal }) => {
      const event = await securityEvent(req, { accountId: principal?.accountId ?? 0, kind: 'recovery-codes-generated' });
      const generated = await generateRecoveryCodes(db, viewer.memberId, event);
      securityLog(req, 'recovery-codes-generated', { accountId: principal?.accountId });
      return envelope([generated], RECOVERY_CODE_MESSAGES.generated);
    },
  });
}
