import { Webhook } from 'standardwebhooks';
import type { OutboundRequest } from '../../platform/outbound-request';
import { isSupportedCurrency } from '../../platform/currency-codes';
import { minorToMajorText } from '../../platform/money';
import type { ConversionFacts } from '../tracking/service';
import type { PostbackMacro } from '../../../contracts/integrations';
import { fillMacros, type MacroValues } from './macros';

/** A claimed delivery with what sending it needs. */
export interface DeliveryJob {
  id: string;
  eventId: string;
  attempt: number;
  type: string;
  data: Record<string, unknown>;
  eventCreatedAt: Date;
  webhook: { id: string; url: string; secret: string; enabled: boolean; ownerId: string } | null;
  postback: { id: string; url: string; method: 'GET' | 'POST'; enabled: boolean; publisherId: string } | null;
}

/** The Standard Webhooks request: `{ id, type, created_at, data }`, signed with the endpoint's secret. */
export function webhookRequest(job: DeliveryJob, now: Date): OutboundRequest {
  const webhook = job.webhook!;
  const body = JSON.stringify({
    id: job.eventId,
    type: job.type,
    created_at: job.eventCreatedAt.toISOString(),
    data: job.data,
  });
  const signature = new Webhook(webhook.secret).sign(job.eventId, now, body);
  return {
    url: webhook.url,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': job.eventId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body,
  };
}

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The macro values of a conversion event (`conversion.created`: the commission inside it) or a commission
 * status event (`commission.*`), with what the conversion's click says (`facts`).
 */
export function macroValues(job: DeliveryJob, facts: ConversionFacts | undefined): MacroValues {
  const given = job.data.macros as Partial<MacroValues> | undefined;
  const d = job.data;
  const isConversion = job.type === 'conversion.created';
  const payoutMinor = Number((isConversion ? d.commission_minor : d.amount_minor) ?? 0);
  const currency = str(d.currency);
  const subs = facts?.subs ?? [];
  const values: MacroValues = {
    click_id: facts?.clickId ?? str(d.click_id),
    transaction_id: facts?.clickId ?? str(d.click_id),
    sub1: str(subs[0]),
    sub2: str(subs[1]),
    sub3: str(subs[2]),
    sub4: str(subs[3]),
    sub5: str(subs[4]),
    conversion_id: str(isConversion ? d.id : d.conversion_id),
    order_id: facts?.orderId ?? str(d.order_id),
    event: facts?.event ?? str(d.event),
    status: str(d.status),
    payout: isSupportedCurrency(currency) ? minorToMajorText(payoutMinor, currency) : String(payoutMinor),
    payout_minor: String(payoutMinor),
    currency,
    campaign_id: facts?.campaignId ?? str(d.campaign_id),
    campaign_name: facts?.campaignName ?? '',
    timestamp: String(Math.floor(job.eventCreatedAt.getTime() / 1000)),
  };
  // a test postback brings its own values
  return given ? { ...values, ...given } : values;
}

/** The publisher's URL with its macros filled; POST sends the same values as a form too. */
export function postbackRequest(job: DeliveryJob, facts: ConversionFacts | undefined): OutboundRequest {
  const postback = job.postback!;
  const values = macroValues(job, facts);
  const url = fillMacros(postback.url, values);
  if (postback.method === 'GET') return { url, method: 'GET' };
  const form = new URLSearchParams(
    Object.entries(values).filter(([name]) => name !== ('transaction_id' satisfies PostbackMacro)),
  );
  return {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  };
}

/** The conversion a postback job is about (its facts are looked up for the macros). */
export function conversionIdOf(job: DeliveryJob): string | null {
  if (job.data.macros) return null;
  const id = job.type === 'conversion.created' ? job.data.id : job.data.conversion_id;
  return typeof id === 'string' ? id : null;
}
