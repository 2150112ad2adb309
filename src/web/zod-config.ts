// First, before any schema is built: zod then never compiles parsers with `new Function`, nor probes
// whether it may, which the Content-Security-Policy (no 'unsafe-eval') reports as a violation in the
// console even though zod catches the refusal.
//
// zod keeps its global configuration on `globalThis.__zod_globalConfig`, which its `config()` writes to.
// Setting it here instead of calling `config()` keeps zod's core utilities (some 3.5 kB gzip) out of the
// entry script; zod-config.test.ts fails if a zod release moves that object.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
