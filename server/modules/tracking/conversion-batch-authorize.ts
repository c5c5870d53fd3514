import type { Db } from '../../db/connection';
import type { CampaignRow } from '../../db/rows';
import { notFound } from '../../platform/http-error';
import * as cq from './conversion-queries';
import { authorizeConversion } from './conversion-rules';
import { resolveClickless } from './conversion-batch-clickless';
import { unique, type BatchAnswers, type BatchItem, type Candidate } from './conversion-batch-state';

export interface Authorized {
  candidates: Candidate[];
  /** the candidates' campaigns by id, as read (the lock phase replaces the locked ones with their current row) */
  campaigns: Map<string, CampaignRow>;
}

/**
 * Phase 1: finds each item's click and campaign and checks its secret (or the pixel's trust). This comes
 * first, so a repeat with the wrong secret is refused too; the refused are answered in `answers`.
 */
export async function authorizeBatch(tx: Db, items: BatchItem[], answers: BatchAnswers): Promise<Authorized> {
  const { clicks, campaigns } = await cq.findClicks(tx, unique(items.map((it) => it.input.clickId)));
  const clickless = await resolveClickless(tx, items, campaigns);
  const candidates: Candidate[] = [];
  items.forEach((item, index) => {
    const standIn = clickless.get(index);
    if (standIn instanceof Error) return answers.refuse(index, standIn);
    const found = standIn?.found ?? clicks.get(item.input.clickId);
    if (!found)
      return answers.refuse(index, notFound('Unknown click_id: no click with this id was recorded'));
    const campaign = campaigns.get(found.click.campaignId);
    if (!campaign) return answers.refuse(index, notFound('Unknown click_id: its campaign no longer exists'));
    try {
      const clientReported = authorizeConversion(item.input, campaign);
      candidates.push({ index, found, clientReported, key: cq.orderKey(campaign.id, item.input.orderId) });
    } catch (err) {
      answers.refuse(index, err);
    }
  });
  return { candidates, campaigns };
}
