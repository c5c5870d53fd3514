// Crawlers, link previewers, monitors and scripted clients: redirected like anyone, never paid.
const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|curl\/|wget|python-requests|python-urllib|aiohttp|httpclient|http-client|go-http-client|java\/|okhttp|headless|phantomjs|facebookexternalhit|embedly|preview|monitor|scrapy|node-fetch|undici|axios\/|libwww|lighthouse|pingdom|uptime/i;

/** HEAD requests (link checkers), empty user agents and known bot agents are flagged as bots. */
export function isBotRequest(method: string, userAgent: string): boolean {
  if (method === 'HEAD') return true;
  return isBotUserAgent(userAgent);
}

function isBotUserAgent(userAgent: string): boolean {
  if (userAgent.trim() === '') return true;
  return BOT_USER_AGENT.test(userAgent);
}

/** A user agent as a click stores it, and whether it is a bot's. */
export interface KnownAgent {
  /** cut to the stored length, without NUL; one string shared by every click with this agent */
  userAgent: string;
  bot: boolean;
}

/**
 * The redirect path's user agents: a handful of browser versions make most of the traffic, so each
 * distinct agent is checked against the bot pattern and cut to its stored form once, and the clicks
 * waiting in the buffer share one string per agent instead of holding a copy each. Bounded: when
 * `maxEntries` agents are known it starts over (random agents cost what they cost without it).
 */
export class UserAgents {
  private readonly known = new Map<string, KnownAgent>();

  constructor(
    private readonly store: (userAgent: string) => string,
    private readonly maxEntries = 2_000,
  ) {}

  get(userAgent: string): KnownAgent {
    let agent = this.known.get(userAgent);
    if (agent === undefined) {
      if (this.known.size >= this.maxEntries) this.known.clear();
      agent = { userAgent: this.store(userAgent), bot: isBotUserAgent(userAgent) };
      this.known.set(userAgent, agent);
    }
    return agent;
  }
}
