import { config } from 'zod';

// Imported first by the entry, before any schema is built: zod then never compiles parsers with
// `new Function`, nor probes whether it may, which the Content-Security-Policy (no 'unsafe-eval')
// reports as a violation in the console even though zod catches the refusal.
config({ jitless: true });
