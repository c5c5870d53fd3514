import type { TrackedCampaign } from '../types';

// What an advertiser pastes into their shop. {click_id}, {order_id} and {amount} are placeholders the
// shop fills per order; everything else is the campaign's real value.

type CampaignTerms = Pick<TrackedCampaign, 'currency' | 'commission_model'>;

/** The event a campaign pays for: leads for CPL, sales otherwise. */
export const paidEvent = (campaign: Pick<TrackedCampaign, 'commission_model'>) =>
  campaign.commission_model === 'cpl' ? 'lead' : 'sale';

export const postbackUrl = (origin: string) => `${origin}/api/postback`;

/** The same postback as a GET URL, for platforms that can only call a URL. */
export function postbackGetUrl(origin: string, campaign: CampaignTerms, secret: string): string {
  const query = [
    'click_id={click_id}',
    'order_id={order_id}',
    'amount={amount}',
    `currency=${campaign.currency}`,
    `event=${paidEvent(campaign)}`,
    `secret=${encodeURIComponent(secret)}`,
  ].join('&');
  return `${postbackUrl(origin)}?${query}`;
}

const pixelTag = (src: string) => `<img src="${src}" width="1" height="1" alt="" style="display:none">`;

function pixelUrl(origin: string, campaign: CampaignTerms, signed: boolean): string {
  const query = [
    'click_id={click_id}',
    'order_id={order_id}',
    'amount={amount}',
    `currency=${campaign.currency}`,
    `event=${paidEvent(campaign)}`,
    ...(signed ? ['sig={sig}'] : []),
  ].join('&');
  return `${origin}/api/pixel.gif?${query}`;
}

/** The unsigned pixel: anyone who sees the click id could fire it, so the server limits it. */
export const pixelSnippet = (origin: string, campaign: CampaignTerms) =>
  pixelTag(pixelUrl(origin, campaign, false));

/** The signed pixel: {sig} is computed by the shop's server (see the examples below). */
export const signedPixelSnippet = (origin: string, campaign: CampaignTerms) =>
  pixelTag(pixelUrl(origin, campaign, true));

// The signature covers `click_id|order_id|amount|currency` as the server receives them (an absent one
// is an empty string), keyed with the campaign's tracking secret. Both examples read the secret from
// the environment: it belongs on the shop's server, never in the page.

export function nodeSignatureExample(campaign: CampaignTerms): string {
  return [
    '// On your server: the tracking secret must never reach the browser.',
    "const crypto = require('node:crypto');",
    '',
    "const secret = process.env.AFFILIO_TRACKING_SECRET; // this campaign's tracking secret",
    `const currency = '${campaign.currency}';`,
    '// clickId, orderId, amount: as you put them in the pixel URL, before URL-encoding ("" if left out)',
    "const sig = crypto.createHmac('sha256', secret).update(`${clickId}|${orderId}|${amount}|${currency}`).digest('hex');",
  ].join('\n');
}

export function phpSignatureExample(campaign: CampaignTerms): string {
  return [
    '<?php',
    '// On your server: the tracking secret must never reach the browser.',
    "$secret = getenv('AFFILIO_TRACKING_SECRET'); // this campaign's tracking secret",
    `$currency = '${campaign.currency}';`,
    '// $clickId, $orderId, $amount: as you put them in the pixel URL, before URL-encoding ("" if left out)',
    `$sig = hash_hmac('sha256', "$clickId|$orderId|$amount|$currency", $secret);`,
  ].join('\n');
}

/** A server-to-server postback with curl (JSON body; single quotes keep the shell out of it). */
export function curlExample(origin: string, campaign: CampaignTerms, secret: string): string {
  const body = JSON.stringify({
    click_id: '{click_id}',
    order_id: '{order_id}',
    amount: '{amount}',
    currency: campaign.currency,
    event: paidEvent(campaign),
    secret,
  });
  return [
    `curl -X POST '${postbackUrl(origin)}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${body.replace(/'/g, "'\\''")}'`,
  ].join('\n');
}

/** A tracking link with sub-ids filled in, as an example for publishers. */
export const subIdExample = (url: string) => `${url}?sub1=newsletter&sub2=banner-top`;
