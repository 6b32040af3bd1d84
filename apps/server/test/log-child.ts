// A server process as `npm start` runs it (request logs on standard output, the graceful stop of lib/shutdown.ts), on a
// fresh test database: apps/server/src/lib/shutdown.test.ts sends it requests, then SIGTERM, and reads its output.
import { buildApp } from '../src/app';
import { closeOnSignals } from '../src/lib/shutdown';
import { openTestDb, testConfig } from './context';

const db = await openTestDb();
const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'info' }), db, logger: true, serveWeb: false });
await app.listen({ port: 0, host: '127.0.0.1' });
closeOnSignals(app, db);
const address = app.server.address();
process.stderr.write(`listening on ${typeof address === 'object' && address ? address.port : ''}\n`);
