// Crawlers, link previewers, monitors and scripted clients: redirected like anyone, never paid.
const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|curl\/|wget|python-requests|python-urllib|aiohttp|httpclient|http-client|go-http-client|java\/|okhttp|headless|phantomjs|facebookexternalhit|embedly|preview|monitor|scrapy|node-fetch|undici|axios\/|libwww|lighthouse|pingdom|uptime/i;

/** HEAD requests (link checkers), empty user agents and known bot agents are flagged as bots. */
export function isBotRequest(method: string, userAgent: string): boolean {
  if (method === 'HEAD') return true;
  if (userAgent.trim() === '') return true;
  return BOT_USER_AGENT.test(userAgent);
}
