import type { Db } from '../../db/connection';
import { together } from '../../db/together';
import type { CampaignRow } from '../../db/rows';
import { conflict, notFound } from '../../platform/http-error';
import type { RateTable } from '../../platform/exchange-rates';
import { SpendLedger, type PlannedCommission } from '../commissions/service';
import * as cq from './conversion-queries';
import { checkConversion } from './conversion-rules';
import {
  spendSubject,
  unique,
  type BatchAnswers,
  type BatchItem,
  type Candidate,
  type Checked,
  type Planned,
} from './conversion-batch-state';

const PIXEL_TAKEN =
  'This click already has a conversion reported by an unsigned pixel; further ones need a signed pixel (sig) or a postback';

/** What the batch will write: the first of each order with its commission, and what follows from them. */
export interface Decision {
  /** the first item of each order, in arrival order, by order key */
  leaders: Map<string, Planned>;
  /** later items of an order the batch already holds: they repeat its leader's answer */
  followers: Checked[];
  /** per campaign, the conversion whose commission reached its budget (the campaign pauses) */
  budgetUsedUp: Map<string, Planned>;
  /** the spend this batch plans against (what each budget has spent, for the pause) */
  ledger: SpendLedger;
}

/**
 * Phase 4: checks the fresh orders against the rules (amount, currency, the campaign's state) and decides
 * them in arrival order, as if one after the other: budgets and caps are spent in that order, an unsigned
 * pixel takes its click, and the first of an order leads while later ones repeat its result.
 */
export async function decideBatch(
  tx: Db,
  items: BatchItem[],
  fresh: Candidate[],
  campaigns: Map<string, CampaignRow>,
  rates: RateTable,
  answers: BatchAnswers,
): Promise<Decision> {
  const checked = checkCandidates(items, fresh, campaigns, rates, answers);
  const payable = checked.filter((c) => c.campaign.commissionModel !== 'cpc');
  const [ledger, pixelTaken] = await together(
    tx,
    () =>
      SpendLedger.load(
        tx,
        payable.map((c) => spendSubject(c, items[c.index]!)),
      ),
    () =>
      cq.clicksWithClientReportedConversion(
        tx,
        unique(checked.filter((c) => c.clientReported).map((c) => c.found.click.id)),
      ),
  );

  const leaders = new Map<string, Planned>();
  const followers: Checked[] = [];
  const budgetUsedUp = new Map<string, Planned>();
  for (const c of checked) {
    if (leaders.has(c.key)) {
      followers.push(c);
      continue;
    }
    if (budgetUsedUp.has(c.campaign.id)) {
      answers.refuse(c.index, conflict('The campaign is paused, not active'));
      continue;
    }
    if (c.clientReported) {
      if (pixelTaken.has(c.found.click.id)) {
        answers.refuse(c.index, conflict(PIXEL_TAKEN));
        continue;
      }
      pixelTaken.add(c.found.click.id);
    }
    const commission: PlannedCommission =
      c.campaign.commissionModel === 'cpc' ? { paid: false } : ledger.plan(spendSubject(c, items[c.index]!));
    const planned = { ...c, commission };
    if (commission.paid && commission.budgetReached) budgetUsedUp.set(c.campaign.id, planned);
    leaders.set(c.key, planned);
  }
  return { leaders, followers, budgetUsedUp, ledger };
}

/** The rules of each fresh order on its campaign's current row; those that break one are refused. */
function checkCandidates(
  items: BatchItem[],
  fresh: Candidate[],
  campaigns: Map<string, CampaignRow>,
  rates: RateTable,
  answers: BatchAnswers,
): Checked[] {
  const checked: Checked[] = [];
  for (const c of fresh) {
    const item = items[c.index]!;
    const campaign = campaigns.get(c.found.click.campaignId);
    if (!campaign) {
      answers.refuse(c.index, notFound('Unknown click_id: its campaign no longer exists'));
      continue;
    }
    try {
      const conversion = checkConversion(item.input, c.found, campaign, {
        rates,
        clientReported: c.clientReported,
        now: item.now,
        maxAmountMinor: item.maxAmountMinor,
      });
      checked.push({ ...c, campaign, checked: conversion });
    } catch (err) {
      answers.refuse(c.index, err);
    }
  }
  return checked;
}
