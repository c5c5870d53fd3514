import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { click, createTrackedLinks, pool, visitorIp } from '../bench/support/fixtures';
import { startAppServer } from '../bench/support/server';

const SEQUENTIAL = 40;
const CONCURRENT = 160;
const CONCURRENCY = 16;

const hasStrace = spawnSync('strace', ['-V']).status === 0;
if (!hasStrace) {
  console.warn('pglite-fsync.test.ts skipped: strace is not installed (apt-get install strace)');
}

interface SyncCalls {
  fsync: number;
  fdatasync: number;
}

/** `strace -f -c` attached to a running process: its calls of fsync and fdatasync until `stop`. */
async function countSyncCalls(pid: number, outFile: string) {
  const tracer = spawn('strace', ['-f', '-c', '-e', 'trace=fsync,fdatasync', '-o', outFile, '-p', String(pid)]);
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    tracer.on('error', reject);
    tracer.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('attached')) resolve();
    });
    tracer.on('exit', (code) => reject(new Error(`strace exited with ${code}: ${stderr}`)));
  });
  // every thread of the server attached (strace announces them one by one)
  await new Promise((resolve) => setTimeout(resolve, 300));
  return async (): Promise<SyncCalls> => {
    const exited = new Promise((resolve) => tracer.once('exit', resolve));
    tracer.kill('SIGINT');
    await exited;
    const calls: SyncCalls = { fsync: 0, fdatasync: 0 };
    // "% time  seconds  usecs/call  calls  errors  syscall" rows; errors may be blank
    for (const line of (await readFile(outFile, 'utf8')).split('\n')) {
      const row = /^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(fsync|fdatasync)\s*$/.exec(line);
      if (row) calls[row[2] as keyof SyncCalls] = Number(row[1]);
    }
    return calls;
  };
}

interface Burst {
  created: number;
  calls: SyncCalls;
}

/** A server on a new data directory; its fsync/fdatasync calls during a burst of postbacks. */
async function postbackBurst(dir: string, fsync: 'true' | 'false'): Promise<Burst> {
  const dataDir = path.join(dir, `db-${fsync}`);
  const server = await startAppServer({ dataDir, env: { PGLITE_FSYNC: fsync } });
  try {
    const { links } = await createTrackedLinks(server.baseUrl, 1);
    const link = links[0]!;
    const clickIds = await pool(
      Array.from({ length: SEQUENTIAL + CONCURRENT }, (_, i) => i),
      10,
      (i) => click(server.baseUrl, link.code, visitorIp(i)),
    );
    const send = async (clickId: string, i: number) => {
      const res = await fetch(`${server.baseUrl}/api/postback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          click_id: clickId,
          order_id: `fsync-${i}`,
          amount: '25.00',
          event: 'sale',
          secret: link.trackingSecret,
        }),
      });
      return res.status;
    };
    // the clicks' own batch is written before the trace starts: the newest click's postback waits for it
    expect(await send(clickIds.at(-1)!, clickIds.length - 1)).toBe(201);
    const stop = await countSyncCalls(server.pid, path.join(dir, `strace-${fsync}.txt`));
    const statuses: number[] = [];
    // one after the other: each answer waits for its own transaction's commit
    for (let i = 0; i < SEQUENTIAL; i++) statuses.push(await send(clickIds[i]!, i));
    // then at once: the writer groups them into fewer commits
    statuses.push(
      ...(await pool(
        Array.from({ length: CONCURRENT - 1 }, (_, i) => SEQUENTIAL + i),
        CONCURRENCY,
        (i) => send(clickIds[i]!, i),
      )),
    );
    const calls = await stop();
    return { created: statuses.filter((status) => status === 201).length, calls };
  } finally {
    await server.stop();
  }
}

// PGlite's default start parameters turn fsync off (-F), and its file system ignores fsync(): a commit
// acknowledged to an advertiser could be lost by a power cut. Only a system call shows whether a commit
// was made durable (a kill -9 keeps the OS page cache, so crash tests cannot tell).
describe.skipIf(!hasStrace || Boolean(process.env.DATABASE_URL))(
  'PGlite commits reach the disk (strace -f -c during a postback burst)',
  () => {
    let dir = '';
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('syncs the WAL at least once per commit with fsync on, and never with PGLITE_FSYNC=false', async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'affilio-fsync-'));
      const durable = await postbackBurst(dir, 'true');
      const relaxed = await postbackBurst(dir, 'false');
      console.log(
        `fsync calls during ${SEQUENTIAL + CONCURRENT - 1} postbacks: ${durable.calls.fsync} with fsync on, ` +
          `${relaxed.calls.fsync} with PGLITE_FSYNC=false`,
      );
      expect(durable.created).toBe(SEQUENTIAL + CONCURRENT - 1);
      expect(relaxed.created).toBe(SEQUENTIAL + CONCURRENT - 1);
      // each sequential postback is a commit of its own, answered after it; the burst adds a few more
      expect(durable.calls.fsync).toBeGreaterThan(SEQUENTIAL);
      expect(relaxed.calls.fsync + relaxed.calls.fdatasync).toBe(0);
    }, 240_000);
  },
);
