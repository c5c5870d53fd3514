/** Event types a webhook endpoint may subscribe to (the `type` of each delivery's body). */
export const WEBHOOK_EVENT_TYPES = [
  'conversion.created',
  'commission.approved',
  'commission.rejected',
  'commission.reversed',
  'application.created',
  'application.decided',
  'payout.requested',
  'payout.paid',
  'payout.failed',
  'invoice.issued',
  'message.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event a "send test event" delivers (not subscribable). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** When a publisher postback fires: a new conversion, or its commission's status change. */
export const POSTBACK_TRIGGERS = ['conversion', 'approved', 'rejected', 'reversed'] as const;
export type PostbackTrigger = (typeof POSTBACK_TRIGGERS)[number];

export const POSTBACK_METHODS = ['GET', 'POST'] as const;
export type PostbackMethod = (typeof POSTBACK_METHODS)[number];

/** Macros a postback URL may hold, each replaced by its URL-encoded value when the postback is sent. */
export const POSTBACK_MACROS = [
  'click_id',
  'transaction_id',
  'sub1',
  'sub2',
  'sub3',
  'sub4',
  'sub5',
  'conversion_id',
  'order_id',
  'event',
  'status',
  'payout',
  'payout_minor',
  'currency',
  'campaign_id',
  'campaign_name',
  'timestamp',
] as const;
export type PostbackMacro = (typeof POSTBACK_MACROS)[number];

/** What each macro stands for (the settings screen lists them). */
export const POSTBACK_MACRO_HELP: Record<PostbackMacro, string> = {
  click_id: 'the click id your tracking link added to the landing URL',
  transaction_id: 'same as click_id (for trackers that call it so)',
  sub1: 'sub1 of the click',
  sub2: 'sub2 of the click',
  sub3: 'sub3 of the click',
  sub4: 'sub4 of the click',
  sub5: 'sub5 of the click',
  conversion_id: 'the conversion id',
  order_id: "the advertiser's order id",
  event: 'sale or lead',
  status: 'the commission status: pending, approved, rejected, reversed (or recorded)',
  payout: 'your commission in major units (12.50)',
  payout_minor: 'your commission in minor units (1250)',
  currency: 'the commission currency (ISO code)',
  campaign_id: 'the campaign id',
  campaign_name: 'the campaign name',
  timestamp: 'the time of the event, Unix seconds',
};

export const INTEGRATION_LIMITS = {
  urlLength: 2000,
  descriptionLength: 500,
  /** endpoints or postbacks one user may keep */
  perUser: 20,
} as const;

/** Why a URL can never be called back, whatever the network rules: the checks the form and the server share. */
export type TargetUrlProblem = 'invalid' | 'scheme' | 'credentials';

/**
 * The first problem of a webhook or postback URL that needs no network to see, or null. The server then also
 * refuses local and private hosts (unless ALLOW_PRIVATE_NETWORKS), which only it can judge.
 */
export function targetUrlProblem(url: string): TargetUrlProblem | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'invalid';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'scheme';
  if (parsed.username || parsed.password) return 'credentials';
  return null;
}
