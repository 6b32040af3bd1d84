import type { LiveEvent } from '@portico/shared';

/** Every stream hears the hint; each browser then asks for its own audience's list of system messages. */
export const systemNotificationsAudience = (): LiveEvent[] => [{ type: 'system-notifications' }];
