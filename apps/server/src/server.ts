import { startTelemetry } from './telemetry';

// Traces need their hooks in place before the server's modules (http, pg) are loaded, so the server itself is a
// separate module imported afterwards: `main.js` beside the compiled `server.js`, `main.ts` under tsx.
await startTelemetry();
await import(new URL(`./main${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href);
