import type { Db } from '../../db/connection';
import type { CampaignRow } from '../../db/rows';
import { lockCampaigns, needsCampaignLock } from '../commissions/service';
import type { Candidate } from './conversion-batch-state';

/**
 * Phase 2, which campaigns to lock: those whose commissions depend on the ones before (budget, daily cap,
 * tiers) and those that take unsigned pixels. They are decided under the campaign's lock, on its current row.
 */
export function campaignsToLock(candidates: Candidate[], campaigns: Map<string, CampaignRow>): Set<string> {
  return new Set(
    candidates
      .filter((c) => c.clientReported || needsCampaignLock(campaigns.get(c.found.click.campaignId)!))
      .map((c) => c.found.click.campaignId),
  );
}

/**
 * Phase 2: locks the campaigns and puts their current rows in `campaigns` (a campaign deleted meanwhile is
 * left out). Locked before the orders are looked up: a batch that stored one of these orders on such a
 * campaign held the lock and has committed by now, so the dedupe phase sees it (and this batch does not
 * plan a commission for an order another one stored).
 */
export async function lockCampaignRows(
  tx: Db,
  locked: Set<string>,
  campaigns: Map<string, CampaignRow>,
): Promise<void> {
  for (const id of locked) campaigns.delete(id);
  for (const row of await lockCampaigns(tx, [...locked])) campaigns.set(row.id, row);
}
