import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import type { Backend } from './database';
import { throwawayPostgres } from './postgres';

/** A positive integer from the environment, or the default. */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

export function machine(): string {
  const list = cpus();
  return `${list.length} cores (${list[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}`;
}

export interface PreparedBackend {
  name: string;
  backend: Backend;
  description: string;
  /** the server options that point at it */
  server: ({ dataDir: string } | { databaseUrl: string }) & { env?: Record<string, string> };
  dispose(): Promise<void>;
}

/** PGlite in a new temp directory, with extra server environment. */
async function pgliteBackend(name: string, note: string, env?: Record<string, string>): Promise<PreparedBackend> {
  const tmp = await mkdtemp(path.join(tmpdir(), 'affilio-bench-'));
  const dataDir = path.join(tmp, 'db');
  return {
    name,
    backend: { kind: 'pglite', dataDir },
    description: `embedded PGlite in ${dataDir}${note}`,
    server: { dataDir, env },
    dispose: () => rm(tmp, { recursive: true, force: true }),
  };
}

/**
 * PGlite in a temp directory and PostgreSQL when one can be had, each when BENCH_BACKENDS (default
 * `pglite,postgres`, plus `pglite-fsync-off` with `fsyncOffBaseline`) names it; the reason a backend is
 * skipped otherwise. `fsyncOffBaseline` adds PGlite as it ran before fsync was turned on (PGLITE_FSYNC=false),
 * printed beside it.
 */
export async function prepareBackends(
  options: { fsyncOffBaseline?: boolean } = {},
): Promise<{ backends: PreparedBackend[]; skipped: string[] }> {
  const backends: PreparedBackend[] = [];
  const skipped: string[] = [];
  const fallback = options.fsyncOffBaseline ? 'pglite,pglite-fsync-off,postgres' : 'pglite,postgres';
  const wanted = (process.env.BENCH_BACKENDS ?? fallback).toLowerCase().split(',');
  if (wanted.includes('pglite')) {
    backends.push(await pgliteBackend('PGlite', ' (fsync on)'));
  } else {
    skipped.push('PGlite: skipped (not in BENCH_BACKENDS)');
  }
  if (options.fsyncOffBaseline) {
    if (wanted.includes('pglite-fsync-off')) {
      backends.push(
        await pgliteBackend('PGlite fsync off', ', PGLITE_FSYNC=false (the old default)', {
          PGLITE_FSYNC: 'false',
        }),
      );
    } else {
      skipped.push('PGlite fsync off: skipped (pglite-fsync-off not in BENCH_BACKENDS)');
    }
  }
  if (!wanted.includes('postgres')) {
    skipped.push('PostgreSQL: skipped (not in BENCH_BACKENDS)');
    return { backends, skipped };
  }
  const pg = await throwawayPostgres();
  if (pg.ok) {
    backends.push({
      name: 'PostgreSQL',
      backend: { kind: 'postgres', url: pg.database.url },
      description: pg.database.description,
      server: { databaseUrl: pg.database.url },
      dispose: () => pg.database.close(),
    });
  } else {
    skipped.push(`PostgreSQL: skipped (${pg.reason})`);
  }
  return { backends, skipped };
}

/** The name of a PostgreSQL URL's database (whose backends `databaseBackendsCpuMs` counts). */
const databaseNameOf = (url: string): string => new URL(url).pathname.slice(1);

/** The database a backend's server uses, by name: PostgreSQL's; null for PGlite. */
export const postgresDatabaseOf = (backend: Backend): string | null =>
  backend.kind === 'postgres' ? databaseNameOf(backend.url) : null;

/** `--cpu-prof` for the server when BENCH_CPU_PROF names a directory: profiles go to BENCH_CPU_PROF/<label>/. */
export function profilingArgs(label: string): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return [];
  return ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir, label)}`];
}

/** The PostgreSQL database an earlier run kept loaded (BENCH_REPORT_KEEP, BENCH_SEARCH_KEEP), measured again. */
export function reusedBackend(url: string): PreparedBackend {
  return {
    name: 'PostgreSQL',
    backend: { kind: 'postgres', url },
    description: `the database loaded by an earlier run (${databaseNameOf(url)})`,
    server: { databaseUrl: url },
    dispose: async () => {},
  };
}
