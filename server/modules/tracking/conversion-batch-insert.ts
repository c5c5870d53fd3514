import type { Db } from '../../db/connection';
import type { CommissionRow } from '../../db/rows';
import { together } from '../../db/together';
import { insertNotifications, type NotificationRow } from '../../platform/notifier';
import { recordIntegrationEvents } from '../../platform/outbox';
import {
  commissionValues,
  insertCommissions,
  overPublisherCap,
  pauseForBudget,
  type PlannedCommission,
} from '../commissions/service';
import { conversionEvent } from './conversion-event';
import { fraudColumns } from './conversion-batch-fraud';
import { conversionNotice } from './conversion-notice';
import * as cq from './conversion-queries';
import { describeConversion } from './conversion-rules';
import { attributionValues } from './conversion-batch-clickless';
import type { ConversionRow } from './queries';
import type { Decision } from './conversion-batch-decide';
import {
  spendSubject,
  type BatchAnswers,
  type BatchItem,
  type Checked,
  type Planned,
} from './conversion-batch-state';

/**
 * Phase 5a: inserts the leaders' conversions with one statement. An order another writer stored meanwhile
 * is skipped (the unique index), and missing from the result.
 */
export function insertConversionRows(
  tx: Db,
  items: BatchItem[],
  planned: Planned[],
): Promise<Map<string, ConversionRow>> {
  // in key order, so that two writers inserting the same orders wait rather than deadlock
  return cq.insertConversions(
    tx,
    [...planned]
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((p) => conversionValues(p, items[p.index]!)),
  );
}

/**
 * Phase 5b: pauses the campaigns whose budget the batch used up, inserts the commissions of the stored
 * conversions, and stores the publishers' notifications and the webhook outbox events in the same transaction
 * (one statement each for the batch, beside the ledger's);
 * then answers every leader with what was stored and every follower with its leader's answer as a duplicate.
 */
export async function insertCommissionRows(
  tx: Db,
  items: BatchItem[],
  decision: Decision,
  inserted: Map<string, ConversionRow>,
  answers: BatchAnswers,
): Promise<void> {
  const { leaders, followers, budgetUsedUp, ledger } = decision;
  const planned = [...leaders.values()];
  const paid = planned.filter((p) => inserted.has(p.key) && p.commission.paid);

  for (const [campaignId, p] of budgetUsedUp) {
    if (inserted.has(p.key))
      await pauseForBudget(tx, p.campaign, ledger.spentBy(campaignId), items[p.index]!.now);
  }

  // the publishers' notifications and the webhook outbox events (one statement each for the batch) are
  // written beside the commissions' ledger entries; the delivery worker sends the events later, so no
  // receiver slows this path
  let notified: NotificationRow[] = [];
  const alongside = async (rows: CommissionRow[]) => {
    const commissionOf = new Map(paid.map((p, i) => [p.key, rows[i]!]));
    [notified] = await together(
      tx,
      () =>
        insertNotifications(
          tx,
          paid
            // past the publisher's cap they hear once a day (insertCommissions), not of each conversion
            .filter((p) => !p.found.click.isTest && !overPublisherCap(p.commission))
            .map((p) => conversionNotice(p.campaign, commissionOf.get(p.key)!)),
        ),
      () =>
        recordIntegrationEvents(
          tx,
          planned.flatMap((p) => {
            const conversion = inserted.get(p.key);
            return conversion ? [conversionEvent(p.campaign, conversion, commissionOf.get(p.key) ?? null)] : [];
          }),
        ),
    );
  };
  const rows = await insertCommissions(
    tx,
    paid.map((p) => {
      const commission = p.commission as Extract<PlannedCommission, { paid: true }>;
      return {
        ...commissionValues(
          {
            ...spendSubject(p, items[p.index]!),
            websiteId: p.found.click.websiteId,
            conversionId: inserted.get(p.key)!.id,
          },
          commission,
        ),
        ...fraudColumns(p, commission.status),
      };
    }),
    alongside,
  );
  const commissionOf = new Map<string, CommissionRow>(paid.map((p, i) => [p.key, rows[i]!]));
  const notificationOf = new Map(notified.map((n) => [n.data.id, n]));

  for (const p of planned) {
    const conversion = inserted.get(p.key);
    if (!conversion) continue;
    const commission = commissionOf.get(p.key) ?? null;
    answers.answer(p.index, {
      result: describeConversion(conversion, commission, false),
      created: {
        campaign: p.campaign,
        publisherId: p.found.click.publisherId,
        commission,
        budgetReached: budgetUsedUp.get(p.campaign.id) === p,
        notification: (commission && notificationOf.get(commission.id)) ?? null,
      },
    });
  }
  for (const f of followers) {
    const first = answers.get(leaders.get(f.key)!.index)!;
    answers.set(
      f.index,
      first.ok ? { ok: true, outcome: { result: { ...first.outcome.result, duplicate: true } } } : first,
    );
  }
}

function conversionValues(p: Checked, item: BatchItem) {
  const { click } = p.found;
  return {
    campaignId: p.campaign.id,
    publisherId: click.publisherId,
    websiteId: click.websiteId,
    orderId: item.input.orderId,
    originalAmountMinor: p.checked.originalAmountMinor,
    originalCurrency: p.checked.originalCurrency,
    amountMinor: p.checked.amountMinor,
    currency: p.campaign.currency,
    rate: p.checked.rate,
    source: item.input.source,
    clientReported: p.clientReported,
    isTest: click.isTest,
    createdAt: item.now,
    // click_id, event and how the conversion was attributed (a coupon's or a renewal's has no click)
    ...attributionValues(p.found, item.input),
  };
}
