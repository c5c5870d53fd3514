import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../platform/db-errors';
import { hashAddress, hashNetwork, loadAddressSalt } from '../../platform/address-hash';
import { loadRates, type RateTable } from '../../platform/exchange-rates';
import { msg } from '../../platform/i18n';
import type { CampaignRow } from '../../db/rows';
import { lockCampaign, recordCommission } from '../commissions/service';
import { reviewClickCommissions, type FraudSubject } from '../fraud/service';
import { UserAgents } from './bots';
import { newClickId } from './click-id';
import { ClickBuffer, NO_SUB_IDS, UniqueClickWindow, type ClickRecord } from './click-buffer';
import { CONCURRENT_BATCHES, ConversionWriter } from './conversion-batch';
import { LinkCache, linkUnavailableReason, type LinkTarget } from './link-cache';
import { deepLinkBase } from './deep-links';
import * as q from './queries';
import { MAX_SUB_ID_LENGTH } from './schema';

export const SUB_ID_KEYS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** rows per INSERT while writing a batch of clicks (bounds one statement's size) */
const INSERT_CHUNK = 1_000;

/** A repeat from the same address on the same link within this time is not unique. */
const UNIQUE_WINDOW_MS = 60 * 60 * 1000;

export interface TrackingOptions {
  clickFlushMs: number;
  /** the database's bulk load (`Database.copyFrom`), where it has one */
  copyFrom?: (sql: string, data: string) => Promise<void>;
  /** the database runs transactions side by side (PostgreSQL, not PGlite): conversions are written in overlapping batches */
  concurrentTransactions?: boolean;
}

/** What the budget notice needs of a campaign that was just paused. */
type PausedCampaign = Pick<CampaignRow, 'id' | 'advertiserId' | 'name'>;

export interface ClickRequest {
  code: string;
  method: string;
  ip: string;
  userAgent: string;
  referrer: string | null;
  subs: readonly (string | null)[];
  /** a deep link's `url`: where the visitor asked to go, if the campaign allows it (deep-links.ts) */
  deepUrl?: string | null;
  /** the visitor's country as the proxy reported it (CLICK_COUNTRY_HEADER), any case */
  country?: string | null;
  /** the tracking test tool's proof that this click is a test (never paid) */
  testToken: string | null;
}

export type ClickOutcome =
  | { kind: 'redirect'; location: string; clickId: string }
  | { kind: 'unknown' }
  | { kind: 'unavailable'; message: string };

const UNKNOWN_LINK: ClickOutcome = { kind: 'unknown' };

export interface RateCache {
  get(): Promise<RateTable>;
  invalidate(): void;
}

/** Rates are read from the table at most every 5 minutes (spec §9: exchange rate cache 5 minutes). */
function createRateCache(ctx: AppContext): RateCache {
  let cached: { table: RateTable; at: number } | null = null;
  return {
    async get() {
      if (cached && Date.now() - cached.at < 5 * 60_000) return cached.table;
      const table = await loadRates(ctx.db);
      cached = { table, at: Date.now() };
      return table;
    },
    invalidate() {
      cached = null;
    },
  };
}

/**
 * The tracking runtime shared by the redirect route, the postback routes and the test tool: the link
 * cache, the click buffer and the uniqueness window live here, once per process.
 */
export class Tracking {
  readonly links: LinkCache;
  readonly clicks: ClickBuffer;
  readonly rates: RateCache;
  /** group commit of conversions (postbacks, pixels) */
  readonly conversions: ConversionWriter;
  /** random per process: only the in-process test tool can mark clicks as tests */
  readonly testToken = randomBytes(24).toString('base64url');
  private readonly unique = new UniqueClickWindow(UNIQUE_WINDOW_MS);
  private readonly agents = new UserAgents((userAgent) => storable(userAgent, 512));

  constructor(
    private readonly ctx: AppContext,
    private readonly ipSalt: string,
    log: FastifyBaseLogger,
    private readonly options: TrackingOptions,
  ) {
    this.links = new LinkCache((code) => q.loadLinkTarget(ctx.db, code));
    const write = (batch: ClickRecord[]) => this.writeClicks(batch).then(() => this.statsChanged(batch));
    this.clicks = new ClickBuffer(write, log, {
      windowMs: options.clickFlushMs,
    });
    this.rates = createRateCache(ctx);
    this.conversions = new ConversionWriter(ctx.db, {
      maxInFlight: options.concurrentTransactions ? CONCURRENT_BATCHES : 1,
      maxAmountMinor: ctx.config.maxConversionAmountMinor,
      fraudRules: ctx.config.fraudRules,
    });
    ctx.events.on('campaign.changed', ({ campaignId }) => this.links.invalidateCampaign(campaignId));
    ctx.events.on('application.changed', ({ campaignId }) => this.links.invalidateCampaign(campaignId));
    ctx.events.on('user.changed', () => this.links.clear());
    ctx.events.on('cluster.resync', () => this.links.clear());
  }

  static async create(
    ctx: AppContext,
    log: FastifyBaseLogger,
    options: Pick<TrackingOptions, 'copyFrom' | 'concurrentTransactions'> = {},
  ): Promise<Tracking> {
    const salt = await loadAddressSalt(ctx.db);
    const tracking = new Tracking(ctx, salt, log, { ...options, clickFlushMs: ctx.config.clickFlushMs });
    // a restart must not make the visitors of the last hour unique again
    for (const c of await q.recentUniqueClicks(ctx.db, Date.now() - UNIQUE_WINDOW_MS)) {
      tracking.unique.seed(c.linkId, c.ipHash, c.at);
    }
    return tracking;
  }

  /** sha256(salt ‖ ip), 22 base64url characters (platform/address-hash.ts) */
  hashIp(ip: string): string {
    return hashAddress(this.ipSalt, ip);
  }

  /** the hash of the address's /24 or /48, for the fraud rules' count per network */
  hashNet(ip: string): string | null {
    return hashNetwork(this.ipSalt, ip);
  }

  /**
   * The redirect path: cached lookup, checks, a buffered click row, the landing URL. A link in the cache is
   * answered synchronously (no promise, no microtask: the hottest path); one that is not waits for its lookup.
   */
  click(request: ClickRequest): ClickOutcome | Promise<ClickOutcome> {
    if (!CODE_PATTERN.test(request.code)) return UNKNOWN_LINK;
    const cached = this.links.peek(request.code);
    if (cached === undefined)
      return this.links.get(request.code).then((target) => this.clickOn(target, request));
    return this.clickOn(cached, request);
  }

  private clickOn(target: LinkTarget | null, request: ClickRequest): ClickOutcome {
    if (!target) return UNKNOWN_LINK;
    const now = Date.now();
    const unavailable = linkUnavailableReason(target, now);
    if (unavailable) return { kind: 'unavailable', message: unavailable };

    const clickId = newClickId();
    const agent = this.agents.get(request.userAgent);
    // HEAD requests (link checkers) are bots whatever they say they are (isBotRequest)
    const isBot = request.method === 'HEAD' || agent.bot;
    const ipHash = this.hashIp(request.ip);
    const isTest = request.testToken !== null && request.testToken === this.testToken;
    // bots never take the unique slot of the person behind that address
    const isUnique = !isBot && this.unique.check(target.linkId, ipHash, now);
    this.clicks.add(
      toClickRecord(target, {
        clickId,
        ipHash,
        netHash: this.hashNet(request.ip),
        userAgent: agent.userAgent,
        isBot,
        isUnique,
        isTest,
        now,
        request,
      }),
    );
    const deep = deepLinkBase(target, request.deepUrl);
    const location = deep
      ? buildLandingUrl(deep, clickId, request.subs)
      : landingUrl(target.landingUrl, clickId, request.subs);
    return { kind: 'redirect', location, clickId };
  }

  /**
   * Writes a batch of clicks, and for CPC campaigns the commissions of the unique human clicks, in one
   * transaction. On PGlite (one process, so the uniqueness window in memory is complete) a batch that
   * pays nothing is written with one COPY, the cheapest way in.
   */
  private async writeClicks(batch: ClickRecord[]): Promise<void> {
    const { copyFrom } = this.options;
    if (copyFrom && !batch.some(mayBePaid)) {
      try {
        return await copyFrom(q.COPY_CLICKS, q.clicksAsCopyText(batch));
      } catch (err) {
        // a click already stored (a write whose answer was lost) fails the whole COPY; the INSERT skips it
        if (!isUniqueViolation(err)) throw err;
      }
    }
    const paused: PausedCampaign[] = [];
    const scored: Parameters<typeof reviewClickCommissions>[1] = [];
    await this.ctx.db.transaction(async (tx) => {
      const uniqueIds = new Set<string>();
      for (let i = 0; i < batch.length; i += INSERT_CHUNK) {
        const chunk = batch.slice(i, i + INSERT_CHUNK);
        const stored = await q.insertClicks(tx, chunk, chunk.some(mayBePaid));
        for (const id of stored) uniqueIds.add(id);
      }
      const payable = batch.filter((c) => mayBePaid(c) && uniqueIds.has(c.id));
      const byCampaign = new Map<string, ClickRecord[]>();
      for (const click of payable) {
        const list = byCampaign.get(click.campaignId);
        if (list) list.push(click);
        else byCampaign.set(click.campaignId, [click]);
      }
      // every campaign lock before the first commission: a commission appends to its publisher's ledger
      // (locking the ledger head), and a lock taken after a head could deadlock with a conversion batch,
      // which locks campaigns first; in id order, as lockCampaigns does
      const locked = new Map<string, Awaited<ReturnType<typeof lockCampaign>>>();
      for (const campaignId of [...byCampaign.keys()].sort())
        locked.set(campaignId, await lockCampaign(tx, campaignId));
      for (const [campaignId, clicks] of byCampaign) {
        const campaign = locked.get(campaignId) ?? null;
        for (const click of clicks) {
          if (!campaign || campaign.status !== 'active') break;
          const recorded = await recordCommission(tx, {
            campaign,
            publisherId: click.publisherId,
            websiteId: click.websiteId,
            event: 'click',
            amountMinor: 0,
            clickId: click.id,
            isTest: false,
            now: click.createdAt,
          });
          if (recorded.budgetReached) paused.push(campaign);
          if (this.ctx.config.fraudRules && recorded.commission)
            scored.push({ commission: recorded.commission, subject: clickSubject(campaign, click) });
        }
      }
      await reviewClickCommissions(tx, scored);
    });
    for (const campaign of paused) this.budgetReached(campaign);
  }

  /** After a batch is written: dashboards of its advertisers and publishers are out of date. */
  private statsChanged(batch: ClickRecord[]): void {
    const pairs = new Map<string, { advertiserId: string; publisherId: string }>();
    let last: ClickRecord | null = null;
    for (const c of batch) {
      // a batch is mostly runs of the same link: one key per run
      if (c.isTest || (last?.advertiserId === c.advertiserId && last.publisherId === c.publisherId)) continue;
      last = c;
      pairs.set(`${c.advertiserId}|${c.publisherId}`, {
        advertiserId: c.advertiserId,
        publisherId: c.publisherId,
      });
    }
    for (const pair of pairs.values()) this.ctx.events.emit('stats.changed', pair);
  }

  /** After a commit that paused a campaign on its budget: caches forget it, the advertiser hears of it. */
  budgetReached({ id: campaignId, advertiserId, name }: PausedCampaign): void {
    this.ctx.events.emit('campaign.changed', { campaignId });
    void this.ctx.notifier
      .notify(advertiserId, {
        category: 'campaign',
        priority: 'high',
        isImportant: true,
        requiresAction: true,
        title: msg('notifications:campaign.budgetReached.title'),
        body: msg('notifications:campaign.budgetReached.body', { campaign: name }),
        link: '/campaigns',
        data: { type: 'campaign', id: campaignId },
      })
      .catch(() => undefined);
  }
}

/** a paid CPC click as the fraud rules see it */
function clickSubject(campaign: CampaignRow, c: ClickRecord): FraudSubject {
  return {
    kind: 'click',
    isTest: c.isTest,
    campaign,
    publisherId: c.publisherId,
    click: {
      id: c.id,
      linkId: c.linkId,
      ipHash: c.ipHash,
      netHash: c.netHash ?? null,
      userAgent: c.userAgent,
      country: c.country,
      createdAt: c.createdAt,
    },
    at: c.createdAt,
  };
}

/** A click CPC pays if the table confirms it unique: a human, non-test, unique click on a CPC campaign. */
const mayBePaid = (c: ClickRecord) => c.commissionModel === 'cpc' && c.isUnique && !c.isBot && !c.isTest;

/** An ISO 3166 alpha-2 code (upper-cased), or null for anything else (`XX`/`T1` style placeholders included). */
function countryCode(value: string | null | undefined): string | null {
  if (!value || value.length !== 2) return null;
  const code = value.toUpperCase();
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}

/** Cut to `max` characters, without NUL (`%00` in a sub-id), which PostgreSQL text cannot hold. */
function storable(text: string, max: number): string {
  return (text.includes('\0') ? text.replaceAll('\0', '') : text).slice(0, max);
}

function toClickRecord(
  target: LinkTarget,
  c: {
    clickId: string;
    ipHash: string;
    netHash: string | null;
    /** as stored (cut, without NUL) */
    userAgent: string;
    isBot: boolean;
    isUnique: boolean;
    isTest: boolean;
    now: number;
    request: ClickRequest;
  },
): ClickRecord {
  return {
    id: c.clickId,
    linkId: target.linkId,
    campaignId: target.campaignId,
    advertiserId: target.advertiserId,
    publisherId: target.publisherId,
    websiteId: target.websiteId,
    commissionModel: target.commissionModel,
    ipHash: c.ipHash,
    netHash: c.netHash,
    userAgent: c.userAgent,
    referrer: c.request.referrer === null ? null : storable(c.request.referrer, 1024),
    subs:
      c.request.subs === NO_SUB_IDS
        ? NO_SUB_IDS
        : c.request.subs.map((s) => (s === null ? null : storable(s, MAX_SUB_ID_LENGTH))),
    country: countryCode(c.request.country),
    isUnique: c.isUnique,
    isBot: c.isBot,
    isTest: c.isTest,
    createdAt: new Date(c.now),
  };
}

// Without sub-ids, a landing URL is its campaign's URL with only the click id changing: it is built once
// per landing URL with a placeholder (22 random base64url characters, which no campaign URL contains by
// chance) and the id is spliced in. A base64url id serializes as itself, so the result is what the URL
// API builds.
const CLICK_ID_PLACEHOLDER = randomBytes(16).toString('base64url');
const SAFE_CLICK_ID = /^[A-Za-z0-9_-]+$/;
const landingTemplates = new Map<string, readonly [string, string] | null>();

function landingTemplate(base: string): readonly [string, string] | null {
  let template = landingTemplates.get(base);
  if (template === undefined) {
    const parts = buildLandingUrl(base, CLICK_ID_PLACEHOLDER, []).split(CLICK_ID_PLACEHOLDER);
    template = parts.length === 2 ? ([parts[0]!, parts[1]!] as const) : null;
    if (landingTemplates.size >= 10_000) landingTemplates.clear();
    landingTemplates.set(base, template);
  }
  return template;
}

/** The campaign's landing URL with `click_id` and the sub-ids; nothing else from the request is passed on. */
export function landingUrl(base: string, clickId: string, subs: readonly (string | null)[]): string {
  if ((subs === NO_SUB_IDS || subs.every((s) => s === null || s === '')) && SAFE_CLICK_ID.test(clickId)) {
    const template = landingTemplate(base);
    if (template) return template[0] + clickId + template[1];
  }
  return buildLandingUrl(base, clickId, subs);
}

function buildLandingUrl(base: string, clickId: string, subs: readonly (string | null)[]): string {
  const url = new URL(base);
  url.searchParams.set('click_id', clickId);
  subs.forEach((value, i) => {
    if (value !== null && value !== '')
      url.searchParams.set(SUB_ID_KEYS[i]!, value.slice(0, MAX_SUB_ID_LENGTH));
  });
  return url.toString();
}

// what the publisher postbacks' macros read of a conversion (server/modules/integrations)
export { conversionFacts, latestConversionFacts, type ConversionFacts } from './conversion-facts';

/** the bot test of a click, also used by the demo seed to mark its generated bot clicks */
export { isBotRequest } from './bots';
