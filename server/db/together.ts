import type { Db } from './connection';

/** The part of the embedded database's transaction handle (pglite-worker-client.ts) `together` uses. */
interface Gathering {
  gather(): () => void;
}

/** The PGlite worker's transaction under Drizzle's `tx`, when that is what runs it. */
function gatheringOf(tx: Db): Gathering | null {
  const client = (tx as unknown as { session?: { client?: Partial<Gathering> } }).session?.client;
  return typeof client?.gather === 'function' ? (client as Gathering) : null;
}

/**
 * Runs independent pieces of one transaction's work side by side and answers with their results, in order.
 * On the embedded database, statements the pieces have ready at the same moment go to its worker in one
 * message (one entry into PostgreSQL, one answer back) instead of one round trip each, during which the
 * worker, held by the transaction, would wait for the main thread (docs/benchmarks.md, "Conversions: a
 * batch's statements in fewer round trips"). On PostgreSQL the connection runs them one
 * after the other, as it would have. Every piece is settled before this answers, so nothing of the
 * transaction is still running when its caller commits or rolls back; the first failure is thrown.
 */
export async function together<T extends readonly unknown[]>(
  tx: Db,
  ...work: { [K in keyof T]: () => Promise<T[K]> }
): Promise<T> {
  const release = gatheringOf(tx)?.gather();
  let settled: PromiseSettledResult<unknown>[];
  try {
    settled = await Promise.allSettled(work.map((piece) => piece()));
  } finally {
    release?.();
  }
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
