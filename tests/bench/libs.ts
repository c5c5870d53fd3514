// `npm run bench:libs`: the hand-written helpers of issue 42 against the well-kept library that does the
// same job, on the inputs each meets in production: bot detection (`isbot`) on real browser and bot user
// agents, upload sniffing (`file-type`) on the first 512 bytes of real images and documents, the link and
// agent caches (`lru-cache`) on hit/miss mixes, and the ECB rates XML (`fast-xml-parser`) on the daily
// file and a 90-day history. Where the server switched to the library, the hand-written code it replaced is
// kept here (the bot pattern, the Map-based link cache) so the comparison can be run again. Each case runs BENCH_LIBS_ROUNDS (5) rounds of ~BENCH_LIBS_MS (300) ms per
// side, the sides alternating, and prints the median ops/s. It also prints where the two disagree: a
// library only replaces ours where it answers the same on what the tests assert.
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { fileTypeFromBuffer } from 'file-type';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import {
  isRealDay,
  parseEcbXml,
  ProviderError,
  rateOf,
  type EcbRates,
} from '../../server/modules/currency/ecb-xml';
import { sniffType, SNIFF_BYTES, type MediaType } from '../../server/modules/media/sniff';
import { isBotRequest } from '../../server/modules/tracking/bots';
import { LinkCache, type LinkTarget } from '../../server/modules/tracking/link-cache';
import { envInt, machine } from './support/env';
import { fmtInt, table } from './support/load';

const ROUNDS = envInt('BENCH_LIBS_ROUNDS', 5);
const ROUND_MS = envInt('BENCH_LIBS_MS', 300);

// ---------------------------------------------------------------- timing

type Side = () => number | Promise<number>;

/** Ops per second of `run`, which does some work and says how many ops it did. */
async function rate(run: Side): Promise<number> {
  let ops = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < ROUND_MS) {
    ops += await run();
    elapsed = performance.now() - started;
  }
  return (ops * 1000) / elapsed;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

interface Result {
  name: string;
  ours: number;
  library: number;
}

async function compare(name: string, ours: Side, library: Side): Promise<Result> {
  await rate(ours); // warm-up: both sides are JIT-compiled before they are timed
  await rate(library);
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      a.push(await rate(ours));
      b.push(await rate(library));
    } else {
      b.push(await rate(library));
      a.push(await rate(ours));
    }
  }
  return { name, ours: median(a), library: median(b) };
}

/** Runs `fn` over every input, `times` times: one op per input. */
const over =
  <T>(inputs: readonly T[], fn: (input: T) => unknown, times = 100): Side =>
  () => {
    for (let t = 0; t < times; t++) for (const input of inputs) fn(input);
    return inputs.length * times;
  };

const overAsync =
  <T>(inputs: readonly T[], fn: (input: T) => Promise<unknown>, times = 20): Side =>
  async () => {
    for (let t = 0; t < times; t++) for (const input of inputs) await fn(input);
    return inputs.length * times;
  };

const disagreements: string[] = [];
function agree<T>(
  what: string,
  inputs: readonly [string, T][],
  ours: (x: T) => unknown,
  lib: (x: T) => unknown,
) {
  for (const [label, input] of inputs) {
    const a = JSON.stringify(ours(input));
    const b = JSON.stringify(lib(input));
    if (a !== b) disagreements.push(`${what}: ${label}: ours ${a}, library ${b}`);
  }
}

// ---------------------------------------------------------------- bot user agents

const BROWSER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
  'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0',
  'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.107 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.47.107;FBBV/634591203;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/80]',
  'Mozilla/5.0 (Linux; Android 14; SM-A546B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.39 Mobile Safari/537.36 Instagram 356.0.0.41.101 Android (34/14; 450dpi; 1080x2340; samsung; SM-A546B; a54x; s5e8835; en_GB; 658487345)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 YaBrowser/24.4.0.0 Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Linux; U; Android 12; en-US; RMX3511 Build/SP1A.210812.016) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.6312.80 UCBrowser/13.7.2.1324 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 LinkedInApp/9.30.1380',
];

const BOT_AGENTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
  'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Twitterbot/1.0',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'WhatsApp/2.23.20.0 A',
  'TelegramBot (like TwitterBot)',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'curl/8.5.0',
  'Wget/1.21.4',
  'python-requests/2.32.3',
  'Go-http-client/1.1',
  'okhttp/4.12.0',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  'Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)',
  'Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)',
  'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
  'undici',
  'axios/1.7.7',
  'Java/17.0.2',
  'Scrapy/2.11.2 (+https://scrapy.org)',
  'Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)',
  'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
];

/** bots.ts before issue 42: one pattern */
const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|curl\/|wget|python-requests|python-urllib|aiohttp|httpclient|http-client|go-http-client|java\/|okhttp|headless|phantomjs|facebookexternalhit|embedly|preview|monitor|scrapy|node-fetch|undici|axios\/|libwww|lighthouse|pingdom|uptime/i;
const oursBot = (ua: string) => ua.trim() === '' || BOT_PATTERN.test(ua);
/** bots.ts now: isbot, an empty or blank agent still a bot */
const libraryBot = (ua: string) => isBotRequest('GET', ua);

// ---------------------------------------------------------------- sniffing

/** file-type's answer as one of ours: APNG is a PNG, M4V an MP4 (both accepted today). */
const FILE_TYPE_TO_OURS: Record<string, MediaType> = {
  'image/png': 'image/png',
  'image/apng': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/webp': 'image/webp',
  'image/gif': 'image/gif',
  'application/pdf': 'application/pdf',
  'video/mp4': 'video/mp4',
  'video/x-m4v': 'video/mp4',
};

async function librarySniff(bytes: Uint8Array): Promise<MediaType | null> {
  const found = await fileTypeFromBuffer(bytes);
  return (found && FILE_TYPE_TO_OURS[found.mime]) ?? null;
}

const ftyp = (brand: string) =>
  new Uint8Array(
    Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`), Buffer.alloc(64)]),
  );

async function sniffInputs(): Promise<[string, Uint8Array][]> {
  const head = (bytes: Uint8Array) => new Uint8Array(bytes.subarray(0, SNIFF_BYTES));
  const banner = (format: 'png' | 'jpeg' | 'webp' | 'gif') =>
    sharp({ create: { width: 728, height: 90, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .toFormat(format)
      .toBuffer();
  const icons = ['icon-192.png', 'icon-512.png', 'apple-touch-icon-180.png'].map(
    (name) =>
      [name, head(readFileSync(new URL(`../../public/icons/${name}`, import.meta.url)))] as [
        string,
        Uint8Array,
      ],
  );
  const generated = await Promise.all(
    (['jpeg', 'webp', 'gif'] as const).map(
      async (f) => [`banner.${f}`, head(await banner(f))] as [string, Uint8Array],
    ),
  );
  const text = (s: string) => new Uint8Array(Buffer.from(s));
  return [
    ...icons,
    ...generated,
    ['terms.pdf', text('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')],
    ['clip.mp4 (isom)', ftyp('isomiso2')],
    ['page.html', text('<!DOCTYPE html><html><script>alert(1)</script>')],
    ['logo.svg', text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['notes.txt', text('just some text')],
  ];
}

/** Edge inputs for the agreement check only. */
const SNIFF_EDGES: [string, Uint8Array][] = [
  ['QuickTime (qt  )', ftyp('qt  ')],
  ['audio M4A', ftyp('M4A ')],
  ['HEIC', ftyp('heic')],
  ['unknown brand (abcd)', ftyp('abcd')],
  ['protected M4P', ftyp('M4P ')],
  ['M4V', ftyp('M4V ')],
];

// ---------------------------------------------------------------- caches

const target = (i: number): LinkTarget => ({
  linkId: `l${i}`,
  code: `c${i}`,
  applicationId: 'a',
  campaignId: `k${i % 50}`,
  advertiserId: 'adv',
  publisherId: 'pub',
  websiteId: 'w',
  linkActive: true,
  campaignStatus: 'active',
  startsAt: null,
  endsAt: null,
  landingUrl: 'https://shop.example/landing',
  commissionModel: 'cpa' as LinkTarget['commissionModel'],
});

/** link-cache.ts before issue 42: a Map with a TTL per entry that drops its oldest tenth when full. */
class MapLinkCache {
  private readonly entries = new Map<string, { target: LinkTarget | null; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<LinkTarget | null>>();
  private generation = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly load: (code: string) => Promise<LinkTarget | null>,
    private readonly maxEntries = 50_000,
  ) {}

  peek(code: string): LinkTarget | null | undefined {
    const entry = this.entries.get(code);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(code);
      return undefined;
    }
    this.hits++;
    return entry.target;
  }

  async get(code: string): Promise<LinkTarget | null> {
    const cached = this.peek(code);
    if (cached !== undefined) return cached;
    this.misses++;
    const inFlight = this.loading.get(code);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const promise = this.load(code)
      .then((found) => {
        if (generation === this.generation) this.store(code, found);
        return found;
      })
      .finally(() => this.loading.delete(code));
    this.loading.set(code, promise);
    return promise;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(code: string, found: LinkTarget | null): void {
    if (this.entries.size >= this.maxEntries) {
      let drop = Math.ceil(this.maxEntries / 10);
      for (const key of this.entries.keys()) {
        this.entries.delete(key);
        if (--drop === 0) break;
      }
    }
    this.entries.set(code, { target: found, expiresAt: Date.now() + (found ? 60_000 : 5_000) });
  }
}

const HOT_LINKS = 10_000;
/** a fixed pseudo-random sequence, so both sides see the same codes */
function sequence(length: number, next: (i: number, r: number) => string): string[] {
  let seed = 42;
  return Array.from({ length }, (_, i) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return next(i, seed / 2 ** 31);
  });
}
/** 80 % of clicks on the top 20 % of links, the rest spread over all of them */
const hotCodes = sequence(100_000, (_, r) => {
  const skewed =
    r < 0.8 ? Math.floor((r / 0.8) * HOT_LINKS * 0.2) : Math.floor(((r - 0.8) / 0.2) * HOT_LINKS);
  return `c${skewed}`;
});
/** 90 % known links, 10 % codes never seen (scans of random codes): each is a miss and a negative entry */
let unknownCounter = 0;
const mixedCodes = sequence(100_000, (i, r) => (r < 0.9 ? hotCodes[i]! : `u${r}`));

const loadLink = (code: string) => {
  const i = Number(code.slice(1));
  return Promise.resolve(code.startsWith('c') && i < HOT_LINKS ? target(i) : null);
};

async function filledLinkCaches() {
  const ours = new MapLinkCache(loadLink);
  const library = new LinkCache(loadLink);
  for (let i = 0; i < HOT_LINKS; i++) {
    await ours.get(`c${i}`);
    await library.get(`c${i}`);
  }
  return { ours, library };
}

type PeekGet = {
  peek(code: string): LinkTarget | null | undefined;
  get(code: string): Promise<LinkTarget | null>;
};

/** The redirect path: peek, and only on a miss await the load. */
const redirects =
  (cache: PeekGet, codes: readonly string[], fresh: boolean): Side =>
  async () => {
    for (const code of codes) {
      const key = fresh && code.startsWith('u') ? `u${unknownCounter++}` : code;
      if (cache.peek(key) === undefined) await cache.get(key);
    }
    return codes.length;
  };

/** The clicks' user agents: a handful make most clicks; 2 % are one-off agents (randomized versions, odd clients). */
const AGENT_STREAM = sequence(50_000, (i, r) => {
  const agents = [...BROWSER_AGENTS, ...BOT_AGENTS];
  return r < 0.98 ? agents[Math.floor((r / 0.98) ** 3 * agents.length)]! : `Mozilla/5.0 custom ${i}`;
});

/** UserAgents' memo (a Map that starts over at 2,000 agents) with a detector: the redirect path's cost. */
function memoized(detect: (ua: string) => boolean): Side {
  const memo = new Map<string, { userAgent: string; bot: boolean }>();
  return over(
    AGENT_STREAM,
    (ua) => {
      let agent = memo.get(ua);
      if (agent === undefined) {
        if (memo.size >= 2_000) memo.clear();
        agent = { userAgent: ua.slice(0, 512), bot: detect(ua) };
        memo.set(ua, agent);
      }
      return agent;
    },
    1,
  );
}

/** The same memo as an LRU of 2,000. */
function lruMemoized(detect: (ua: string) => boolean): Side {
  const lru = new LRUCache<string, { userAgent: string; bot: boolean }>({ max: 2_000 });
  return over(
    AGENT_STREAM,
    (ua) => {
      let agent = lru.get(ua);
      if (agent === undefined) {
        agent = { userAgent: ua.slice(0, 512), bot: detect(ua) };
        lru.set(ua, agent);
      }
      return agent;
    },
    1,
  );
}

/** UserCache's store (dashboards): a Map with the oldest entry out at 1,000, against an LRU of 1,000. */
function dashboardStores() {
  const keys = sequence(50_000, (_, r) => `user-${Math.floor(r ** 2 * 1_500)}|days=30`);
  const fifo = new Map<string, number>();
  const lru = new LRUCache<string, number>({ max: 1_000, ttl: 300_000 });
  const ours = over(
    keys,
    (key) => {
      if (fifo.get(key) !== undefined) return;
      fifo.delete(key);
      if (fifo.size >= 1_000) {
        const oldest = fifo.keys().next().value;
        if (oldest !== undefined) fifo.delete(oldest);
      }
      fifo.set(key, 1);
    },
    1,
  );
  const library = over(
    keys,
    (key) => {
      if (lru.get(key) === undefined) lru.set(key, 1);
    },
    1,
  );
  return { ours, library };
}

// ---------------------------------------------------------------- ECB XML

const ECB_DAILY = readFileSync(new URL('../api/fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');

/** eurofxref-hist-90d.xml's shape: the daily file's rates, 90 days of them, newest first. */
function ecbHistory(days: number): string {
  const open = ECB_DAILY.indexOf("<Cube time='");
  const close = ECB_DAILY.lastIndexOf('</Cube>', ECB_DAILY.lastIndexOf('</Cube>') - 1) + '</Cube>'.length;
  const day = ECB_DAILY.slice(open, close);
  const blocks = Array.from({ length: days }, (_, i) => {
    const date = new Date(Date.UTC(2025, 0, 15) - i * 86_400_000).toISOString().slice(0, 10);
    return day.replace('2025-01-15', date);
  });
  return ECB_DAILY.slice(0, open) + blocks.join('\n\t\t') + ECB_DAILY.slice(close);
}
const ECB_90_DAYS = ecbHistory(90);

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseAttributeValue: false,
  isArray: (name) => name === 'Cube',
});

interface CubeNode {
  time?: string;
  currency?: string;
  rate?: string;
  Cube?: CubeNode[];
}

/** parseEcbXml on fast-xml-parser: the same checks (isRealDay, rateOf), the tree instead of patterns. */
function libraryEcb(body: string): EcbRates {
  const text = body.trim();
  if (/^(<!doctype html|<html)/i.test(text) || /<(html|body)[\s>]/i.test(text.slice(0, 2000))) {
    throw new ProviderError('the provider answered an HTML page instead of ECB XML');
  }
  if (!text.startsWith('<')) throw new ProviderError('the provider did not answer XML');
  let doc: { Envelope?: { Cube?: CubeNode[] } };
  try {
    doc = xml.parse(text) as typeof doc;
  } catch {
    doc = {};
  }
  const day = doc.Envelope?.Cube?.[0]?.Cube?.find((c) => c.time !== undefined);
  if (!day?.time)
    throw new ProviderError('the answer has no complete <Cube time="…"> element (not ECB XML?)');
  if (!isRealDay(day.time)) throw new ProviderError(`the rates' day "${day.time}" is not a date`);
  const perEur: EcbRates['perEur'] = new Map();
  for (const { currency, rate } of day.Cube ?? []) {
    if (!currency || rate === undefined) continue;
    perEur.set(currency.toUpperCase(), rateOf(currency, rate));
  }
  return { day: day.time, perEur };
}

const ecbSummary = (body: string) => {
  try {
    const { day, perEur } = parseEcbXml(body);
    return { day, rates: [...perEur].map(([c, r]) => `${c}=${r.num}/${r.den}`).join(' ') };
  } catch (e) {
    return { error: (e as Error).message };
  }
};
const ecbSummaryLibrary = (body: string) => {
  try {
    const { day, perEur } = libraryEcb(body);
    return { day, rates: [...perEur].map(([c, r]) => `${c}=${r.num}/${r.den}`).join(' ') };
  } catch (e) {
    return { error: (e as Error).message };
  }
};

// ---------------------------------------------------------------- run

async function main() {
  console.log(`bench:libs on ${machine()}: ${ROUNDS} rounds of ${ROUND_MS} ms per side, median ops/s\n`);
  const sniffs = await sniffInputs();
  const { ours: linkOurs, library: linkLibrary } = await filledLinkCaches();
  const dashboards = dashboardStores();

  agree(
    'bots',
    [...BROWSER_AGENTS, ...BOT_AGENTS, '', '   '].map((ua) => [ua.slice(0, 70) || JSON.stringify(ua), ua]),
    oursBot,
    libraryBot,
  );
  for (const [label, bytes] of [...sniffs, ...SNIFF_EDGES]) {
    const a = sniffType(bytes);
    const b = await librarySniff(bytes);
    if (a !== b) disagreements.push(`sniff: ${label}: ours ${a}, library ${b}`);
  }
  agree(
    'ecb',
    [
      ['daily', ECB_DAILY],
      ['90 days', ECB_90_DAYS],
      ['html', '<!DOCTYPE html><html><body>Rates</body></html>'],
      ['no cube', '<?xml version="1.0"?><Envelope><Cube/></Envelope>'],
      ['bad day', ECB_DAILY.replace('2025-01-15', '2025-02-30')],
      ['bad rate', ECB_DAILY.replace("rate='1.0812'", "rate='1,0812'")],
      ['zero rate', ECB_DAILY.replace("rate='1.0812'", "rate='0'")],
      ['truncated', ECB_DAILY.slice(0, 600)],
    ],
    ecbSummary,
    ecbSummaryLibrary,
  );

  const sniffHeads = sniffs.map(([, bytes]) => bytes);
  // [case, hand-written, library, what the server uses]
  const cases: [string, Side, Side, 'library' | 'ours'][] = [
    [
      'bots: browser agents (isbot)',
      over(BROWSER_AGENTS, oursBot),
      over(BROWSER_AGENTS, libraryBot),
      'library',
    ],
    ['bots: bot agents (isbot)', over(BOT_AGENTS, oursBot), over(BOT_AGENTS, libraryBot), 'library'],
    ['clicks: agent memo + detector (isbot)', memoized(oursBot), memoized(libraryBot), 'library'],
    ['clicks: agent memo (lru-cache)', memoized(libraryBot), lruMemoized(libraryBot), 'ours'],
    [
      'sniff: 10 uploads, first 512 B (file-type)',
      over(sniffHeads, sniffType, 20),
      overAsync(sniffHeads, librarySniff),
      'ours',
    ],
    [
      'link cache: hot hits (lru-cache)',
      redirects(linkOurs, hotCodes, false),
      redirects(linkLibrary, hotCodes, false),
      'library',
    ],
    [
      'link cache: 90/10 hit/unknown (lru-cache)',
      redirects(linkOurs, mixedCodes, true),
      redirects(linkLibrary, mixedCodes, true),
      'library',
    ],
    ['dashboard store: 1,000 (lru-cache)', dashboards.ours, dashboards.library, 'library'],
    [
      'ecb: daily file (fast-xml-parser)',
      over([ECB_DAILY], parseEcbXml, 50),
      over([ECB_DAILY], libraryEcb, 50),
      'ours',
    ],
    [
      'ecb: 90-day history (fast-xml-parser)',
      over([ECB_90_DAYS], parseEcbXml, 5),
      over([ECB_90_DAYS], libraryEcb, 5),
      'ours',
    ],
  ];
  const results: (Result & { uses: string })[] = [];
  for (const [name, ours, library, uses] of cases)
    results.push({ ...(await compare(name, ours, library)), uses });

  console.log(
    table([
      ['case', 'hand-written ops/s', 'library ops/s', 'library / ours', 'server uses'],
      ...results.map((r) => [
        r.name,
        fmtInt(r.ours),
        fmtInt(r.library),
        `${(r.library / r.ours).toFixed(2)}×`,
        r.uses,
      ]),
    ]),
  );
  console.log(
    `\nlink cache sizes: ours ${linkOurs.size}, hit rate ours ${(linkOurs.hits / (linkOurs.hits + linkOurs.misses)).toFixed(3)}, library ${(linkLibrary.hits / (linkLibrary.hits + linkLibrary.misses)).toFixed(3)}`,
  );
  console.log(
    disagreements.length === 0 ? '\nno disagreements' : `\ndisagreements:\n  ${disagreements.join('\n  ')}`,
  );
}

await main();
