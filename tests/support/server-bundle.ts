import type { BuildOptions } from 'esbuild';

/**
 * The esbuild options of the server's bundle, as scripts/build-server.mjs sets them (that plain script keeps
 * its own copy, beside its source maps): what the benches' built server and the API tests' PGlite worker use.
 */
export const SERVER_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  logLevel: 'warning',
} as const satisfies BuildOptions;
