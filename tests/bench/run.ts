// `npm run bench`: the clicks, conversions, reports, search and offline cold start benches, each in its own
// process (so one does not warm up or slow down another); non-zero when any failed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

let failed = false;
for (const bench of ['clicks.ts', 'conversions.ts', 'reports.ts', 'search.ts', 'offline-start.ts']) {
  const { status, signal } = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, bench)],
    {
      stdio: 'inherit',
    },
  );
  if (status !== 0) {
    console.error(`${bench} failed (${signal ?? `exit ${status}`})`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
