import { pgliteImage, TEST_DB } from './test-db';

/** Before the API project's workers start: the PGlite pass's migrated image, built once for all of them (decision 1179). */
export default async function setup(): Promise<void> {
  if (TEST_DB === 'pglite') await pgliteImage();
}
