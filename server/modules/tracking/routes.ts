import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { fieldError, HttpError } from '../../platform/http-error';
import { isApiKeySecret } from '../../platform/api-key-access';
import { resourceErrors } from '../../platform/route-schemas';
import { authenticateApiKey, bearerToken, currentUser, requireAuth } from '../../platform/auth-guard';
import { errorResponse } from '../../platform/error-schema';
import { recordConversion, type ConversionInput, type ConversionOutcome } from './conversions';
import * as q from './queries';
import {
  conversionResultSchema,
  listTrackingLinksQuery,
  pixelQuery,
  postbackBody,
  postbackPostBody,
  trackingLinkSchema,
  trackingTestBody,
  trackingTestResult,
} from './schema';
import type { Tracking } from './service';
import { runTrackingTest } from './test-tool';
import { effectiveDeepLinkHosts } from '../../../contracts/deep-links';

// 1×1 transparent GIF
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const conversionResponses = {
  200: conversionResultSchema,
  201: conversionResultSchema,
  400: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  422: errorResponse,
  429: errorResponse,
};

/** The wire fields (postback body or query) as the conversion service takes them. */
function postbackInput(b: z.output<typeof postbackPostBody>): ConversionInput {
  const renewal = b.event === 'renewal';
  return {
    // a renewal is credited through its first sale, never a click of its own
    clickId: renewal ? '' : (b.click_id ?? ''),
    orderId: b.order_id,
    amount: b.amount,
    currency: b.currency,
    event: b.event === 'renewal' ? 'sale' : b.event,
    secret: b.secret,
    source: 'postback',
    ...clicklessFields(b),
  };
}

/** The pixel's query: a click always (the unsigned pixel never attributes by coupon). */
function pixelInput(b: z.output<typeof pixelQuery>): ConversionInput {
  return {
    clickId: b.click_id,
    orderId: b.order_id,
    amount: b.amount,
    currency: b.currency,
    event: b.event,
    sig: b.sig,
    source: 'pixel',
  };
}

function clicklessFields(b: z.output<typeof postbackPostBody>): Partial<ConversionInput> {
  const renewal = b.event === 'renewal';
  if (!renewal && b.click_id === undefined && b.coupon === undefined) {
    throw fieldError(
      'click_id',
      'click_id is required (or a coupon code, or event=renewal with customer_id)',
    );
  }
  if (renewal && b.customer_id === undefined && b.subscription_id === undefined) {
    throw fieldError('customer_id', 'a renewal needs the customer_id (or subscription_id) of its first sale');
  }
  return {
    coupon: b.coupon,
    customerId: b.customer_id,
    subscriptionId: b.subscription_id,
    campaignId: b.campaign_id,
    renewal,
  };
}

interface TrackingRouteOptions {
  ctx: AppContext;
  tracking: Tracking;
  /** the root instance: the test tool sends its requests through every route */
  root: FastifyInstance;
}

export const trackingRoutes: FastifyPluginAsyncZod<TrackingRouteOptions> = async (
  app,
  { ctx, tracking, root },
) => {
  // S2S postbacks often arrive as HTML-form bodies
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body.toString())));
  });

  /**
   * Records a conversion. Refusals for a wrong secret or signature (403) or an unknown click (404) are
   * counted per address: past the limit the address gets 429s instead of answers to probe with.
   */
  const convert = async (request: FastifyRequest, input: ConversionInput) => {
    const failures = ctx.limits.postbackFailuresPerAddress;
    await failures.check(request);
    let outcome: ConversionOutcome;
    try {
      outcome = await recordConversion(
        { clicks: tracking.clicks, rates: tracking.rates.get, writer: tracking.conversions },
        input,
      );
    } catch (err) {
      if (err instanceof HttpError && (err.statusCode === 403 || err.statusCode === 404))
        await failures.hit(request);
      throw err;
    }
    afterCommit(outcome);
    return outcome;
  };

  /** What people hear about a new conversion, once it is committed. */
  function afterCommit({ created, result }: ConversionOutcome): void {
    if (!created || result.is_test) return;
    const { campaign, budgetReached } = created;
    ctx.events.emit('stats.changed', {
      advertiserId: campaign.advertiserId,
      publisherId: created.publisherId,
    });
    // stored with the conversion: only the delivery (web push) is left
    if (created.notification) ctx.notifier.deliver([created.notification]);
    if (budgetReached) tracking.budgetReached(campaign);
  }

  app.post(
    '/postback',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Server-to-server conversion (JSON or form body)',
        description:
          'Records a conversion for a click and its commission in one transaction before answering. (campaign, order_id) is unique: a repeat answers 200 with the first result and `duplicate: true`.',
        body: postbackPostBody,
        response: { ...conversionResponses, 401: errorResponse },
        security: [{}, { apiKey: [] }],
      },
      // an advertiser's API key (full scope, conversions) stands in for the secret; checked before the body
      onRequest: async (request) => {
        const token = bearerToken(request);
        if (token && isApiKeySecret(token)) {
          request.auth = await authenticateApiKey(ctx, request, token, 'conversions', true);
        }
      },
    },
    async (request, reply) => {
      const input = postbackInput(request.body);
      if (request.apiKey && request.auth) input.keyOwnerId = request.auth.user.id;
      else if (input.secret === undefined) {
        throw fieldError('secret', 'secret is required (the campaign’s tracking secret)');
      }
      const { result } = await convert(request, input);
      return reply.code(result.duplicate ? 200 : 201).send(result);
    },
  );

  app.get(
    '/postback',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Server-to-server conversion as a GET postback URL (same fields in the query)',
        querystring: postbackBody,
        response: conversionResponses,
        security: [],
      },
    },
    async (request, reply) => {
      const { result } = await convert(request, postbackInput(request.query));
      return reply.code(result.duplicate ? 200 : 201).send(result);
    },
  );

  app.get(
    '/pixel.gif',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Browser pixel conversion (off unless the campaign turns it on)',
        description:
          'Refused unless the campaign has `pixel_enabled`. With `sig` (hex HMAC-SHA256 of `click_id|order_id|amount|currency` keyed with the tracking secret) it counts like a postback. Without it the conversion is client-reported: at most one per click, its amount capped by the campaign’s `max_order_minor`, never approved automatically.',
        querystring: pixelQuery,
        // the body is a GIF (errors are `{detail}` JSON)
        response: { ...conversionResponses, 200: z.any(), 201: z.any() },
        security: [],
      },
    },
    async (request, reply) => {
      const { result } = await convert(request, {
        ...pixelInput(request.query),
        visitor: {
          ipHash: tracking.hashIp(request.ip),
          netHash: tracking.hashNet(request.ip),
          userAgent: request.headers['user-agent'] ?? '',
        },
      });
      return (
        reply
          .code(result.duplicate ? 200 : 201)
          .header('Content-Type', 'image/gif')
          // the pixel is embedded on the advertiser's pages, another origin
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          .header('Cache-Control', 'no-store')
          .header('X-Conversion-Id', result.conversion_id)
          .send(PIXEL)
      );
    },
  );

  await app.register(async (instance) => {
    const authed = instance.withTypeProvider<ZodTypeProvider>();
    authed.addHook('onRequest', requireAuth(ctx));

    authed.get(
      '/tracking/links',
      {
        schema: {
          tags: ['tracking'],
          summary: 'Tracking links: an advertiser’s per publisher, a publisher’s own, all for admins',
          querystring: listTrackingLinksQuery,
          response: { 200: z.array(trackingLinkSchema), ...resourceErrors },
        },
      },
      async (request, reply) => {
        const { user } = currentUser(request);
        const rows = await q.listTrackingLinks(ctx.db, {
          campaignId: request.query.campaign_id,
          advertiserId: user.role === 'advertiser' ? user.id : undefined,
          publisherId: user.role === 'publisher' ? user.id : undefined,
        });
        const origin = ctx.config.appUrl ?? `${request.protocol}://${request.host}`;
        const items = rows.map((r) => ({
          id: r.id,
          code: r.code,
          url: `${origin}/t/${r.code}`,
          active: r.active,
          application_id: r.applicationId,
          application_status: r.applicationStatus,
          campaign_id: r.campaignId,
          campaign_name: r.campaignName,
          campaign_status: r.campaignStatus,
          deep_link_hosts: effectiveDeepLinkHosts(r.deepLinkHosts, r.landingUrl),
          publisher_id: r.publisherId,
          publisher_name: r.publisherName,
          website_id: r.websiteId,
          website_url: r.websiteUrl,
          clicks: r.clicks,
          conversions: r.conversions,
          created_at: r.createdAt.toISOString(),
        }));
        return reply.header('X-Total-Count', String(items.length)).send(items);
      },
    );

    authed.post(
      '/tracking/test',
      {
        schema: {
          tags: ['tracking'],
          summary:
            'Tracking test: a test click and a test conversion through the real endpoints, step by step',
          body: trackingTestBody,
          response: { 200: trackingTestResult, ...resourceErrors },
        },
      },
      async (request) => runTrackingTest(root, ctx, tracking, currentUser(request).user, request.body),
    );
  });
};
