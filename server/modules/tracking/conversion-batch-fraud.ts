import type { Db } from '../../db/connection';
import {
  fraudCommissionColumns,
  recordConversionAddresses,
  scoreSubjects,
  type FraudSubject,
} from '../fraud/service';
import type { ConversionRow } from './queries';
import type { BatchItem, Planned } from './conversion-batch-state';

/** a conversion as the fraud rules see it: its click, its campaign, and the browser that fired a pixel */
function subjectOf(p: Planned, item: BatchItem): FraudSubject {
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
 * Phase 4b: the fraud rules score each planned conversion (a few statements for the batch); its commission
 * is then inserted held for review or rejected (`fraudColumns`).
 */
export async function scoreBatch(tx: Db, items: BatchItem[], planned: Planned[]): Promise<void> {
  // A conversion without a click (a coupon code's sale, a renewal) has no visitor, address or click time
  // for the rules to read: it is not scored (a stand-in click would look like one address converting
  // instantly, over and over).
  const clicked = planned.filter((p) => !p.found.attribution);
  const verdicts = await scoreSubjects(
    tx,
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
