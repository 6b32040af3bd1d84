/**
 * A member sees and ends only the sessions of their own account: the routes take no account or member id, and every
 * query is keyed by the caller's account. The session the call came with is 'This device'; it is ended by Logout.
 */
export function currentGrantOf(claims: Record<string, unknown>): string | null {
  return typeof claims.gid === 'string' ? claims.gid : null;
}
