import { createRequire } from 'node:module';

/**
 * samlify, the real CommonJS module object. samlify is CommonJS: under Node's ESM loader (the compiled server in
 * apps/server/dist) `import * as samlify from 'samlify'` sees only what Node's export scan finds, and `Utility`,
 * `SamlLib` and the metadata classes are missing there while the sources under Vitest resolve them (issue 26 §1).
 * Requiring it gives the same object in both. Every SAML module imports samlify from here, never from 'samlify'.
 */
export const samlify: typeof import('samlify') = createRequire(import.meta.url)('samlify');
