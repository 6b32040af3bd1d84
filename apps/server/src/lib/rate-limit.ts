import type { Queryable } from '../db/index';
import { AppError } from './errors';

/**
 * Rate limits shared by every instance (decision 0902): one fixed-window counter per limit and key in PostgreSQL
 * (`rate_limit_counters`), counted and read in one statement. `by` says what the key is.
 */
export const RATE_LIMITS = {
  /** Password tries on the provider's sign-in page, from one address, whatever login ids they name (spraying). */
  'sign-in': { by: 'address', max: 40, seconds: 60 },
  /** Second-factor codes, new codes and factor choices on the sign-in page, from one address. */
  'sign-in-code': { by: 'address', max: 40, seconds: 60 },
  /** Forgot password from one address, and for one login id from one address (a stranger cannot use up a member's mails). */
  forgot: { by: 'address', max: 10, seconds: 900 },
  'forgot-login': { by: 'address+login', max: 2, seconds: 3600 },
  /** Reset-token checks and resets from one address (a token is 256 bits: this stops hammering, not guessing). */
  reset: { by: 'address', max: 20, seconds: 900 },
  /** Adding a second factor (new, verify, resend) by one member, and from one address. */
  enlist: { by: 'member', max: 30, seconds: 3600 },
  'enlist-address': { by: 'address', max: 120, seconds: 3600 },
  /** Support tickets, live chat messages and violation reports by one member. */
  'support-ticket': { by: 'member', max: 10, seconds: 3600 },
  chat: { by: 'member', max: 30, seconds: 60 },
  report: { by: 'member', max: 10, seconds: 3600 },
  /** Link-tile launches recorded for one member (a click each): a minute of clicking, never a script filling the log. */
  launch: { by: 'member', max: 60, seconds: 60 },
  /** SAML sign-on requests and IdP-initiated launches from one address, before any parsing (issue 26, decision 1015). */
  saml: { by: 'address', max: 120, seconds: 60 },
} as const satisfies Record<string, { by: 'address' | 'member' | 'address+login'; max: number; seconds: number }>;

export type LimitName = keyof typeof RATE_LIMITS;
export interface Limit {
  max: number;
  seconds: number;
}

export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', rateLimitedMessage(retryAfterSeconds));
  }
}

export function rateLimitedMessage(seconds: number): string {
  const wait = seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${Math.max(1, seconds)} seconds`;
  return `Too many requests. Please wait ${wait} and try again.`;
}

/**
 * The limits in force: the defaults above, changed by `RATE_LIMITS` (`name=max/seconds,...`, e.g.
 * `sign-in=100/60,chat=60/60`), or none at all with `RATE_LIMITS=off`.
 */
export function limitsFrom(setting: string | undefined): Map<LimitName, Limit> {
  const limits = new Map<LimitName, Limit>();
  if (setting?.trim() === 'off') return limits;
  for (const [name, def] of Object.entries(RATE_LIMITS)) limits.set(name as LimitName, { max: def.max, seconds: def.seconds });
  for (const part of (setting ?? '').split(',').filter((p) => p.trim())) {
    const match = /^\s*([a-z+-]+)\s*=\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(part);
    if (!match || !(match[1] in RATE_LIMITS)) throw new Error(`RATE_LIMITS: cannot read '${part}' (expected name=max/seconds)`);
    limits.set(match[1] as LimitName, { max: Number(match[2]), seconds: Math.max(1, Number(match[3])) });
  }
  return limits;
}

export class RateLimiter {
  private hitsSincePrune = 0;
  constructor(
    private readonly db: Queryable,
    private readonly limits: Map<LimitName, Limit>,
  ) {}

  /**
   * Counts one request against each named limit (key: what `by` names) in one statement; throws RateLimited, with
   * the longest wait, when any of them is over.
   */
  async hit(checks: Array<[LimitName, string]>): Promise<void> {
    const active = checks.filter(([name]) => this.limits.has(name));
    if (!active.length) return;
    const params: unknown[] = [];
    const rows = active.map(([name, key]) => {
      const limit = this.limits.get(name)!;
      params.push(name, key.toLowerCase().slice(0, 300), limit.seconds);
      const n = params.length;
      return `($${n - 2}, $${n - 1}, now() + make_interval(secs => $${n}::int), 1)`;
    });
    const counted = await this.db.query<{ bucket: string; hits: number; retry_after: number }>(
      `INSERT INTO rate_limit_counters AS c (bucket, key, window_ends, hits) VALUES ${rows.join(', ')}
       ON CONFLICT (bucket, key) DO UPDATE SET
         hits = CASE WHEN c.window_ends <= now() THEN 1 ELSE c.hits + 1 END,
         window_ends = CASE WHEN c.window_ends <= now() THEN EXCLUDED.window_ends ELSE c.window_ends END
       RETURNING bucket, hits, GREATEST(1, ceil(extract(epoch FROM c.window_ends - now())))::int AS retry_after`,
      params,
    );
    if (++this.hitsSincePrune >= 500) {
      this.hitsSincePrune = 0;
      await this.db.query("DELETE FROM rate_limit_counters WHERE window_ends < now() - interval '1 minute'");
    }
    const over = counted.filter((c) => c.hits > (this.limits.get(c.bucket as LimitName)?.max ?? Number.POSITIVE_INFINITY));
    if (over.length) throw new RateLimited(Math.max(...over.map((c) => c.retry_after)));
  }
}
