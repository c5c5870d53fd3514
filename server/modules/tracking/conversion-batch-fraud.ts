import type { Db } from '../../db/connection';
import type { CampaignRow } from '../../db/rows';
import {
  fraudCommissionColumns,
  readFraudFacts,
  recordConversionAddresses,
  scoreRead,
  type FraudFactsRead,
  type FraudSubject,
} from '../fraud/service';
import type { ConversionRow } from './queries';
import type { BatchItem, Candidate, Planned } from './conversion-batch-state';

/** a conversion as the fraud rules see it: its click, its campaign, and the browser that fired a pixel */
function subjectOf(p: Candidate & { campaign: CampaignRow }, item: BatchItem): FraudSubject {
  const { click } = p.found;
  return {
    kind: 'conversion',
    isTest: click.isTest,
    campaign: p.campaign,
    publisherId: click.publisherId,
    click: {
      id: click.id,
      linkId: click.linkId,
      ipHash: click.ipHash,
      netHash: click.netHash,
      userAgent: click.userAgent,
      country: click.country,
      createdAt: click.createdAt,
    },
    pixel: item.input.visitor,
    at: item.now,
  };
}

/**
 * Phase 3': what the fraud rules read for every candidate with a click (one statement), sent beside the
 * dedupe's: the batch scores the ones it goes on to store from it (`scoreBatch`). A conversion without a click
 * (a coupon code's sale, a renewal) has no visitor, address or click time for the rules to read: it is not
 * scored (a stand-in click would look like one address converting instantly, over and over).
 */
export function readCandidateFacts(
  tx: Db,
  items: BatchItem[],
  candidates: Candidate[],
  campaigns: Map<string, CampaignRow>,
): Promise<FraudFactsRead | null> {
  return readFraudFacts(
    tx,
    candidates.flatMap((c) => {
      const campaign = campaigns.get(c.found.click.campaignId);
      return campaign && !c.found.attribution ? [subjectOf({ ...c, campaign }, items[c.index]!)] : [];
    }),
  );
}

/**
 * Phase 4b: the fraud rules score each planned conversion from what phase 3' read; its commission is then
 * inserted held for review or rejected (`fraudColumns`).
 */
export function scoreBatch(items: BatchItem[], planned: Planned[], read: FraudFactsRead | null): void {
  const clicked = planned.filter((p) => !p.found.attribution);
  const verdicts = scoreRead(
    read,
    clicked.map((p) => subjectOf(p, items[p.index]!)),
  );
  clicked.forEach((p, i) => (p.fraud = verdicts[i]));
}

/** The commission columns of a scored conversion (nothing when the rules are off). */
export function fraudColumns(p: Planned, status: 'pending' | 'approved' | 'rejected') {
  return p.fraud ? fraudCommissionColumns(p.fraud, status) : {};
}

/** Phase 5a': where each stored conversion came from, for the next ones' per-address counts. */
export function rememberAddresses(
  tx: Db,
  items: BatchItem[],
  planned: Planned[],
  inserted: Map<string, ConversionRow>,
): Promise<void> {
  return recordConversionAddresses(
    tx,
    planned.flatMap((p) => {
      const conversion = inserted.get(p.key);
      return conversion ? [{ conversionId: conversion.id, subject: subjectOf(p, items[p.index]!) }] : [];
    }),
  );
}
