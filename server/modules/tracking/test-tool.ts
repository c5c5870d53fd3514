import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { campaigns } from '../../db/schema/marketplace';
import { clicks, trackingLinks } from '../../db/schema/tracking';
import { notFound } from '../../platform/http-error';
import type { UserRow } from '../../platform/current-user';
import { canEditCampaign } from '../campaigns/service';
import { priceCommission, PAID_EVENT } from '../../platform/commission-math';
import { formatMinor } from '../../platform/money';
import type { CurrencyCode } from '../../platform/currency-codes';
import { TEST_CLICK_HEADER } from './click-routes';
import type { ConversionResult } from './conversions';
import type { trackingTestBody, TrackingTestStep } from './schema';
import type { Tracking } from './service';

/**
 * The trackingTest modal's run: a test click through `GET /t/{code}` and a test conversion through
 * `POST /api/postback`, both via the real routes (in-process requests), reporting each step. The click
 * carries the process's test token, so it, its conversion and its commission are flagged as tests and
 * never count as money, in tiers, caps, budgets or reports.
 */
export async function runTrackingTest(
  app: FastifyInstance,
  ctx: AppContext,
  tracking: Tracking,
  user: UserRow,
  body: z.output<typeof trackingTestBody>,
): Promise<{ ok: boolean; steps: TrackingTestStep[] }> {
  const campaign = await ctx.db.query.campaigns.findFirst({ where: eq(campaigns.id, body.campaign_id) });
  // only the owner and admins may test; to anyone else the campaign does not exist here
  if (!campaign || !canEditCampaign(user, campaign)) throw notFound('Campaign not found');
  const steps: TrackingTestStep[] = [];
  const done = (ok: boolean) => ({ ok, steps });

  const [link] = await ctx.db
    .select()
    .from(trackingLinks)
    .where(
      and(
        eq(trackingLinks.campaignId, campaign.id),
        body.link_id ? eq(trackingLinks.id, body.link_id) : eq(trackingLinks.active, true),
      ),
    )
    .limit(1);
  if (!link) {
    steps.push({
      step: 'link_resolved',
      ok: false,
      code: body.link_id ? 'link_not_in_campaign' : 'no_active_link',
      detail: body.link_id
        ? 'That tracking link does not belong to this campaign.'
        : 'This campaign has no active tracking link yet: approve a publisher’s application first.',
    });
    return done(false);
  }

  const click = await app.inject({
    method: 'GET',
    url: `/t/${encodeURIComponent(link.code)}?sub1=affilio-test`,
    headers: { [TEST_CLICK_HEADER]: tracking.testToken, 'user-agent': 'Affilio tracking test (Mozilla/5.0)' },
  });
  const location = click.headers.location;
  if (click.statusCode !== 302 || typeof location !== 'string') {
    const reason = /<p>(.*?)<\/p>/.exec(click.body)?.[1] ?? `status ${click.statusCode}`;
    steps.push({
      step: 'link_resolved',
      ok: false,
      code: 'no_redirect',
      detail: `/t/${link.code} did not redirect. The page said: “${reason}”`,
      data: { code: link.code, status: click.statusCode, reason },
    });
    return done(false);
  }
  const clickId = new URL(location).searchParams.get('click_id') ?? '';
  steps.push({
    step: 'link_resolved',
    ok: true,
    code: 'redirected',
    detail: `/t/${link.code} redirected to ${location}`,
    data: { code: link.code, location },
  });

  await tracking.clicks.flush();
  const [stored] = await ctx.db.select().from(clicks).where(eq(clicks.id, clickId));
  if (!stored) {
    steps.push({
      step: 'click_recorded',
      ok: false,
      code: 'click_missing',
      detail: 'The click was not written to the database.',
    });
    return done(false);
  }
  steps.push({
    step: 'click_recorded',
    ok: true,
    code: 'click_recorded',
    detail: `Click ${clickId} recorded (flagged as a test, never paid).`,
    data: { click_id: clickId, is_test: stored.isTest },
  });

  const event = body.event ?? (campaign.commissionModel === 'cpl' ? 'lead' : 'sale');
  const orderId = `test-${randomBytes(6).toString('hex')}`;
  const postback = await app.inject({
    method: 'POST',
    url: '/api/postback',
    payload: {
      click_id: clickId,
      order_id: orderId,
      amount: body.amount ?? (campaign.currency === 'JPY' ? '10000' : '100.00'),
      currency: body.currency ?? campaign.currency,
      event,
      secret: campaign.trackingSecret,
    },
  });
  const answer = postback.json() as Partial<ConversionResult> & { detail?: string };
  if (postback.statusCode >= 300) {
    steps.push({
      step: 'conversion',
      ok: false,
      code: 'conversion_rejected',
      detail: answer.detail
        ? `Conversion rejected (${postback.statusCode}). The postback API answered: “${answer.detail}”`
        : `Conversion rejected (${postback.statusCode}) without a reason.`,
      data: { status: postback.statusCode, order_id: orderId, reason: answer.detail ?? null },
    });
    return done(false);
  }
  steps.push({
    step: 'conversion',
    ok: true,
    code: 'conversion_accepted',
    detail: `Conversion ${answer.conversion_id} accepted for order ${orderId}.`,
    data: {
      conversion_id: answer.conversion_id,
      order_id: orderId,
      amount_minor: answer.amount_minor,
      currency: answer.currency,
    },
  });

  const currency = campaign.currency as CurrencyCode;
  if (answer.commission_minor !== null && answer.commission_minor !== undefined) {
    steps.push({
      step: 'commission_computed',
      ok: true,
      code: 'commission',
      detail: `Commission ${formatMinor(answer.commission_minor, currency)} (${answer.status}); a test, so it is not paid.`,
      data: {
        commission_id: answer.commission_id,
        amount_minor: answer.commission_minor,
        currency,
        status: answer.status,
      },
    });
  } else {
    // CPC pays per unique click, not per conversion: show what a real click would earn
    const pricing = priceCommission(campaign, {
      publisherId: link.publisherId,
      event: PAID_EVENT[campaign.commissionModel],
      amountMinor: 0,
      earlierThisMonth: 0,
    });
    steps.push({
      step: 'commission_computed',
      ok: pricing.paid,
      code: pricing.paid ? 'click_pays' : 'not_paid',
      detail: pricing.paid
        ? `This campaign pays per unique click: a real click would earn ${formatMinor(pricing.amountMinor, currency)}.`
        : pricing.reason,
      data: pricing.paid
        ? { amount_minor: pricing.amountMinor, currency }
        : { reason: pricing.reason, reason_code: pricing.code },
    });
  }
  return done(steps.every((s) => s.ok));
}
