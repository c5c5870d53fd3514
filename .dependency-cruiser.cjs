/* global module */
/**
 * Import boundaries (issue 42), checked by `npm run lint:deps` in CI:
 * - no import cycle anywhere;
 * - server/platform, server/db and server/context.ts import no server module (nor the seed);
 * - a server module reaches another module only through its service.ts (its public face) or the events.ts
 *   where that module declares its events; never its schema.ts, queries, routes or other internals;
 * - the demo seed (server/seed) uses modules only through their service.ts;
 * - a client feature (src/features/X) never imports another feature; src/app composes them;
 * - production code imports no test code;
 * - a contracts/ file of constants imports no zod: only contracts/*-schema(s).ts build zod schemas, so a
 *   client chunk importing a constant does not pull zod in (a module-level schema cannot be tree-shaken;
 *   one in contracts/users.ts put zod into the app's entry, +25 KB gzip).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'contracts-constants-without-zod',
      severity: 'error',
      comment:
        'Constants in contracts/ reach the client\'s first chunks: keep zod schemas in contracts/*-schema(s).ts so importing a constant never pulls zod in.',
      from: { path: '^contracts/', pathNot: '^contracts/[^/]+-schemas?\\.ts$' },
      to: { path: 'node_modules/zod/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle hides which layer owns what; break it with an event or a platform piece.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      comment:
        'server/platform, server/db and server/context.ts sit under the modules: they must not import one (nor the demo seed).',
      from: { path: ['^server/(platform|db)/', '^server/context\\.ts$'] },
      to: { path: '^server/(modules|seed)/' },
    },
    {
      name: 'module-through-service-only',
      severity: 'error',
      comment:
        'A module uses another module only through its service.ts (or the events.ts declaring its domain events), never its schema.ts, queries, routes or other internals.',
      from: { path: '^server/modules/([^/]+)/' },
      to: {
        path: '^server/modules/([^/]+)/',
        pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/(service|events)\\.ts$'],
      },
    },
    {
      name: 'seed-through-service-only',
      severity: 'error',
      comment:
        "The demo seed (server/seed) writes through a module's service.ts or plain inserts on server/db, never module internals.",
      from: { path: '^server/seed/' },
      to: { path: '^server/modules/', pathNot: '^server/modules/[^/]+/service\\.ts$' },
    },
    {
      name: 'feature-imports-no-feature',
      severity: 'error',
      comment:
        'Client features do not import each other; src/app composes them, shared code lives in src/lib or src/components.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/([^/]+)/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'no-test-code-in-prod',
      severity: 'error',
      comment: 'Production code must not import tests or test helpers.',
      from: { path: '^(server|src|sw|scripts)/' },
      to: { path: ['^tests/', '\\.test\\.tsx?$', '(^|/)test-utils?/'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^server/db/migrations/', '^dist'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
