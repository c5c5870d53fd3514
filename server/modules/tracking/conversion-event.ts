import type { CampaignRow, CommissionRow } from '../../db/rows';
import type { IntegrationEvent } from '../../platform/outbox';
import type { ConversionRow } from './queries';

/**
 * The `conversion.created` outbox event of a stored conversion: the conversion with its commission (as the
 * postback answers them), for the campaign's advertiser's webhooks and the publisher's postbacks.
 */
export function conversionEvent(
  campaign: CampaignRow,
  conversion: ConversionRow,
  commission: CommissionRow | null,
): IntegrationEvent {
  return {
    type: 'conversion.created',
    data: {
      id: conversion.id,
      campaign_id: conversion.campaignId,
      advertiser_id: campaign.advertiserId,
      publisher_id: conversion.publisherId,
      website_id: conversion.websiteId,
      click_id: conversion.clickId,
      order_id: conversion.orderId,
      event: conversion.event,
      amount_minor: conversion.amountMinor,
      currency: conversion.currency,
      original_amount_minor: conversion.originalAmountMinor,
      original_currency: conversion.originalCurrency,
      source: conversion.source,
      commission_id: commission?.id ?? null,
      commission_minor: commission?.amountMinor ?? null,
      status: commission?.status ?? 'recorded',
      is_test: conversion.isTest,
      attributed_by: conversion.attributedBy,
      customer_id: conversion.customerId,
      renewal_of: conversion.renewalOf,
      created_at: conversion.createdAt.toISOString(),
    },
    audience: [campaign.advertiserId],
    publisherId: conversion.publisherId,
    campaignId: conversion.campaignId,
    createdAt: conversion.createdAt,
  };
}
