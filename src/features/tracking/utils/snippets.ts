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

export function pixelSnippet(origin: string, campaign: CampaignTerms): string {
  const query = [
    'click_id={click_id}',
    'order_id={order_id}',
    'amount={amount}',
    `currency=${campaign.currency}`,
    ...(paidEvent(campaign) === 'lead' ? ['event=lead'] : []),
  ].join('&');
  return `<img src="${origin}/api/pixel.gif?${query}" width="1" height="1" alt="" style="display:none">`;
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
