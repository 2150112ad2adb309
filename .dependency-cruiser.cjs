// The import boundaries of Pact, checked by `npm run lint` (dependency-cruiser). Each rule names what it
// keeps apart and why; the architecture is in docs/architecture.md ("Boundaries").
/** Server modules every feature may use: the couple (pairs), the bell (notifications), files (media). */
const CORE_MODULES = 'pairs|notifications|media';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle makes two files one: neither can be read, tested or loaded without the other.',
      from: { path: '^src/' },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'src/shared runs on the server and in the browser: it imports neither.',
      from: { path: '^src/shared/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'server-without-web',
      severity: 'error',
      comment:
        'The server does not load the web app’s code (it serves its build). Its tests and their helpers may: they play the browser, which seals what it sends (decision 101).',
      from: { path: '^src/server/', pathNot: ['\\.test\\.tsx?$', '^src/server/test/'] },
      to: { path: '^src/web/' },
    },
    {
      name: 'web-without-server',
      severity: 'error',
      comment: 'The browser gets no server code; the typed API client imports the server’s types only.',
      from: { path: '^src/web/' },
      to: { path: '^src/server/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-feature-uses-core-only',
      severity: 'error',
      comment: `A server feature (src/server/modules/<feature>) imports its own files and the core modules (${CORE_MODULES}), never another feature: what two features share moves to a core module.`,
      from: { path: '^src/server/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/modules/', pathNot: [`^src/server/modules/($1|${CORE_MODULES})/`] },
    },
    {
      name: 'server-core-below-features',
      severity: 'error',
      comment:
        'The server’s infrastructure (db, http, auth, email, media, realtime, push, outbox) and its core modules serve the features and import none of them; only the composition (app, deps, bootstrap, main) names them all.',
      from: {
        path: [
          `^src/server/(db|http|auth|email|media|realtime|push|outbox)/`,
          `^src/server/modules/(${CORE_MODULES})/`,
        ],
        pathNot: '\\.test\\.ts$',
      },
      to: { path: '^src/server/modules/', pathNot: [`^src/server/modules/(${CORE_MODULES})/`] },
    },
    {
      name: 'web-feature-stands-alone',
      severity: 'error',
      comment:
        'A web feature imports @/web/components, @/web/lib, @/shared and its own files. What two features share moves to components/ or lib/, or src/web/app composes them (props, slots, context).',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/(features|app)/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment:
        'components/ and lib/ are shared by every feature: they import no feature and not the composition layer (src/web/app).',
      from: { path: '^src/web/(components|lib)/' },
      to: { path: '^src/web/(features|app)/' },
    },
    {
      name: 'shared-texts-without-zod',
      severity: 'error',
      comment:
        'src/shared/texts holds what screens show and their limits, for code a page loads to paint: it imports neither zod nor the schemas (decision 059).',
      from: { path: '^src/shared/texts/' },
      to: { path: ['node_modules/zod/', '^src/shared/schemas/'] },
    },
    {
      name: 'toasts-through-lib-toast',
      severity: 'error',
      comment:
        'Toasts go through @/web/lib/toast, which fetches sonner after the page has painted; only it and the Toaster (app/providers.tsx) import sonner (decision 059).',
      from: { path: '^src/web/', pathNot: ['^src/web/lib/toast\\.ts$', '^src/web/app/providers\\.tsx$'] },
      to: { path: 'node_modules/sonner/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
