import type { Viewer } from '@portico/shared';

/**
 * Only MLS staff (level 5) read the audit trail across Portico; association staff are refused (403), as every other
 * member. No route writes, changes or deletes a row: the route pipeline appends them (decision 1131).
 */
export const isMlsStaff = (viewer: Viewer): boolean => viewer.level === 5;
