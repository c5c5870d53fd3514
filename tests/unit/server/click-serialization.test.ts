import { describe, expect, it } from 'vitest';
import { isBotRequest, UserAgents } from '../../../server/modules/tracking/bots';
import { NO_SUB_IDS, type ClickRecord } from '../../../server/modules/tracking/click-buffer';
import { clicksAsCopyText, isoTimestamp } from '../../../server/modules/tracking/queries';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

function click(overrides: Partial<ClickRecord> = {}): ClickRecord {
  return {
    id: 'click-1',
    linkId: '00000000-0000-4000-8000-000000000001',
    campaignId: '00000000-0000-4000-8000-000000000002',
    advertiserId: '00000000-0000-4000-8000-000000000003',
    publisherId: '00000000-0000-4000-8000-000000000004',
    websiteId: '00000000-0000-4000-8000-000000000005',
    commissionModel: 'cpa',
    ipHash: 'abcdefghijklmnopqrstuv',
    userAgent: CHROME,
    referrer: null,
    subs: NO_SUB_IDS,
    country: null,
    isUnique: true,
    isBot: false,
    isTest: false,
    createdAt: new Date('2026-11-23T14:05:06.007Z'),
    ...overrides,
  };
}

describe('isoTimestamp', () => {
  it('writes what toISOString writes, across seconds, days and the edges of the millisecond field', () => {
    const start = Date.UTC(2026, 11, 31, 23, 59, 58, 990);
    for (let ms = start; ms < start + 2_100; ms += 7) {
      const date = new Date(ms);
      expect(isoTimestamp(date)).toBe(date.toISOString());
    }
    for (const ms of [
      0,
      1,
      999,
      1_000,
      86_399_999,
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      -1,
      Date.UTC(10000, 0, 1),
    ]) {
      const date = new Date(ms);
      expect(isoTimestamp(date)).toBe(date.toISOString());
    }
  });
});

describe('clicksAsCopyText', () => {
  it('writes one tab-separated line per click in COPY_CLICKS order, \\N for nulls', () => {
    const text = clicksAsCopyText([click(), click({ id: 'click-2', isUnique: false, country: 'DE' })]);
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    const first = lines[0]!.split('\t');
    expect(first).toHaveLength(19);
    expect(first[0]).toBe('click-1');
    expect(first[6]).toBe(CHROME);
    expect(first.slice(7, 14)).toEqual(['\\N', '\\N', '\\N', '\\N', '\\N', '\\N', '\\N']);
    // the last column is net_hash (the fraud rules' /24 or /48 of the address), none here
    expect(first.slice(14)).toEqual(['t', 'f', 'f', '2026-11-23T14:05:06.007Z', '\\N']);
    expect(lines[1]!.split('\t').slice(13, 15)).toEqual(['DE', 'f']);
  });

  it('escapes backslashes, tabs and line breaks in text, whichever click carries them', () => {
    const odd = 'Agent\t1\\2\nthree\r';
    const text = clicksAsCopyText([
      click({ userAgent: odd, referrer: 'https://ref.example/a\tb', subs: ['x\ty', null, 'z', null, 'w\\'] }),
      click({ id: 'click-2' }),
      click({ id: 'click-3', userAgent: odd }),
    ]);
    const [first, second, third] = text.split('\n').map((l) => l.split('\t'));
    expect(first![6]).toBe('Agent\\t1\\\\2\\nthree\\r');
    expect(first![7]).toBe('https://ref.example/a\\tb');
    expect(first!.slice(8, 13)).toEqual(['x\\ty', '\\N', 'z', '\\N', 'w\\\\']);
    expect(second![6]).toBe(CHROME);
    expect(third![6]).toBe('Agent\\t1\\\\2\\nthree\\r');
  });
});

describe('UserAgents', () => {
  it('flags the same agents as isBotRequest and stores them cut and without NUL', () => {
    const agents = new UserAgents((ua) => ua.replaceAll('\0', '').slice(0, 512));
    for (const ua of [
      CHROME,
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'curl/8.5.0',
      '',
      '   ',
      'python-requests/2.31',
    ]) {
      expect(agents.get(ua).bot).toBe(isBotRequest('GET', ua));
    }
    expect(agents.get(`a\0b${'x'.repeat(600)}`).userAgent).toBe(`ab${'x'.repeat(510)}`);
  });

  it('gives every click of an agent one shared string, and starts over when full', () => {
    const agents = new UserAgents((ua) => ua.slice(0, 512), 3);
    const first = agents.get(`${CHROME} `.trim());
    expect(agents.get(CHROME.slice(0))).toBe(first);
    agents.get('a');
    agents.get('b');
    agents.get('c'); // a fourth agent: the cache starts over
    expect(agents.get(CHROME)).not.toBe(first);
    expect(agents.get(CHROME)).toEqual(first);
  });
});
