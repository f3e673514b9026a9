// Zod compiles object parsers with `new Function` when it may, and probes for it with
// `Function('')` when the first object schema parses; the CSP (script-src 'self') refuses it and
// every page logged a violation. This is `z.config({ jitless: true })` done before any schema
// exists (main.tsx imports this module first) and without loading zod: zod keeps its settings in
// this global, shared by every copy of it, and only fills in what is missing
// (zod/v4/core/core.js). Importing `config` instead would pull zod's utilities into the main chunk.
// zod-jitless.test.ts proves zod reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
