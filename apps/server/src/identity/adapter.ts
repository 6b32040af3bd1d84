import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/index';

/**
 * oidc-provider's storage in PostgreSQL: sessions, grants, codes and tokens survive restarts and are shared. Clients
 * beyond the configured ones come from `findClient` (the launcher's OIDC applications, decision 0989).
 */
export function postgresAdapterFactory(db: Db, findClient: (id: string) => Promise<AdapterPayload | undefined> = async () => undefined) {
  return class PostgresAdapter implements Adapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await db.query(
        `INSERT INTO oidc_payloads (id, type, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (type, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
           user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [id, this.type, JSON.stringify(payload), payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresAt],
      );
    }

    private async findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await db.one<{ payload: AdapterPayload; consumed_at: Date | null }>(
        `SELECT payload, consumed_at FROM oidc_payloads
         WHERE type = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [this.type, value],
      );
      if (!row) return undefined;
      return { ...row.payload, ...(row.consumed_at ? { consumed: Math.floor(row.consumed_at.getTime() / 1000) } : {}) };
    }

    find(id: string) {
      if (this.type === 'Client') return findClient(id);
      return this.findBy('id', id);
    }
    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }
    findByUserCode(userCode: string) {
      return this.findBy('user_code', userCode);
    }
    async consume(id: string): Promise<void> {
      await db.query('UPDATE oidc_payloads SET consumed_at = now() WHERE type = $1 AND id = $2', [this.type, id]);
    }
    async destroy(id: string): Promise<void> {
      await db.query('DELETE FROM oidc_payloads WHERE type = $1 AND id = $2', [this.type, id]);
    }
    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query('DELETE FROM oidc_payloads WHERE grant_id = $1', [grantId]);
    }
  };
}
