import { envelope } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';

interface EulaRow {
  id: number;
  version: string;
  title: string;
  body_html: string;
  published_on: Date;
  accepted_on?: Date | null;
}

const present = (r: EulaRow) => ({
  id: r.id,
  version: r.version,
  title: r.title,
  bodyHtml: r.body_html,
  publishedOn: r.published_on.toISOString(),
  acceptedOn: r.accepted_on ? r.accepted_on.toISOString() : null,
});

export async function eulaRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/Eula/Current',
    access: 'member',
    summary: 'The current end-user license agreement',
    tags: ['eula'],
    handler: async ({ db }) => {
      const row = await db.one<EulaRow>('SELECT * FROM eulas ORDER BY published_on DESC, id DESC LIMIT 1');
      if (!row) throw notFound('The agreement');
      return envelope([present(row)]);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Eula/GetUserEula',
    access: 'member',
    summary: "The agreement the member accepted (or the current one when none), with the member's acceptance date",
    tags: ['eula'],
    handler: async ({ db, viewer }) => {
      const row =
        (await db.one<EulaRow>(
          `SELECT e.*, a.accepted_on FROM eula_acceptances a JOIN eulas e ON e.id = a.eula_id
           WHERE a.member_id = $1 ORDER BY a.accepted_on DESC LIMIT 1`,
          [viewer.memberId],
        )) ?? (await db.one<EulaRow>('SELECT *, NULL::timestamptz AS accepted_on FROM eulas ORDER BY published_on DESC, id DESC LIMIT 1'));
      if (!row) throw notFound('The agreement');
      return envelope([present(row)]);
    },
  });
}
