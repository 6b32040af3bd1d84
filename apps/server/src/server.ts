// First of all: the shapes of Node's tick objects are kept for the life of the process (lib/tick-shapes.ts).
import './lib/tick-shapes';
import { startTelemetry } from './telemetry';

// Traces need their hooks in place before the server's modules (http, pg) are loaded, so the server itself is a
// separate module imported afterwards: `main.js` beside the compiled `server.js`, `main.ts` under tsx.
await startTelemetry();
await import(new URL(`./main${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href);
