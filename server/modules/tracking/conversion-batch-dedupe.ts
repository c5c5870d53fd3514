import type { Db } from '../../db/connection';
import type { ConversionRow } from './queries';
import { conflict } from '../../platform/http-error';
import * as cq from './conversion-queries';
import {
  duplicateOf,
  RetryBatch,
  type BatchAnswers,
  type BatchItem,
  type Candidate,
  type Planned,
} from './conversion-batch-state';

/**
 * Phase 3: an order stored before answers with its first result, whatever the rules say now. Returns the
 * candidates whose order is new.
 */
export async function dropStoredOrders(
  tx: Db,
  items: BatchItem[],
  candidates: Candidate[],
  answers: BatchAnswers,
): Promise<Candidate[]> {
  const stored = await cq.findOrders(
    tx,
    candidates.map((c) => ({ campaignId: c.found.click.campaignId, orderId: items[c.index]!.input.orderId })),
  );
  return candidates.filter((c) => {
    const first = stored.get(c.key);
    if (first) answers.answer(c.index, duplicateOf(first));
    return !first;
  });
}

/**
 * After the insert: orders another writer stored meanwhile (their insert was skipped) answer with that
 * writer's result. Where that changes what was decided under a lock, the batch is decided again
 * (RetryBatch rolls it back).
 */
export async function settleLostOrders(
  tx: Db,
  items: BatchItem[],
  planned: Planned[],
  inserted: Map<string, ConversionRow>,
  locked: Set<string>,
  answers: BatchAnswers,
): Promise<void> {
  const lost = planned.filter((p) => !inserted.has(p.key));
  if (lost.some((p) => locked.has(p.campaign.id))) throw new RetryBatch('an order was stored meanwhile');
  const late = await cq.findOrders(
    tx,
    lost.map((p) => ({ campaignId: p.campaign.id, orderId: items[p.index]!.input.orderId })),
  );
  for (const p of lost) {
    const first = late.get(p.key);
    if (first) answers.answer(p.index, duplicateOf(first));
    else answers.refuse(p.index, conflict('The conversion changed meanwhile; send it again'));
  }
}
