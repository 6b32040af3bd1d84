/**
 * A member reads only their own account's security activity: the route takes no account or member id, and the query
 * is keyed by the caller's account (decision 1130). Writing is no route's business: the services that change an
 * account's security append the event in their own transaction.
 */
export const OWN_ACTIVITY = "the signed-in account's own security events";
