import type { CommissionRow } from '../../db/rows';
import type { IntegrationEvent } from '../../platform/outbox';

export type CommissionEventType = 'commission.approved' | 'commission.rejected' | 'commission.reversed';

/** A commission as webhooks carry it: the API's commission fields that need no lookup. */
export function commissionEventData(row: CommissionRow, overrides: Record<string, unknown> = {}) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amount_minor: row.amountMinor,
    currency: row.currency,
    campaign_id: row.campaignId,
    advertiser_id: row.advertiserId,
    publisher_id: row.publisherId,
    website_id: row.websiteId,
    conversion_id: row.conversionId,
    click_id: row.clickId,
    reason: row.reason,
    is_test: row.isTest,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    ...overrides,
  };
}

/** The outbox events of commissions whose status changed (the campaign's advertiser and publisher see them). */
export function commissionEvents(
  type: CommissionEventType,
  rows: CommissionRow[],
  overrides: Record<string, unknown> = {},
): IntegrationEvent[] {
  return rows.map((row) => ({
    type,
    data: commissionEventData(row, overrides),
    audience: [row.advertiserId],
    publisherId: row.publisherId,
    campaignId: row.campaignId,
  }));
}
