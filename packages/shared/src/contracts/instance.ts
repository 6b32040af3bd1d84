import { z } from 'zod';

/** What the web app learns about the instance it talks to, at run time (`GET /api/app/Instance`, public). */
export const instanceInfoSchema = z.object({
  /** Demo mode (decision 0940): sample data, demo sign-ins, the outbox; every page says so. Off in production. */
  demo: z.boolean(),
});
export type InstanceInfo = z.infer<typeof instanceInfoSchema>;

/** The demo banner's words, on the web app's pages and the sign-in pages alike. */
export const DEMO_BANNER_TEXT = 'Demo portal with sample data, not a live MLS';
