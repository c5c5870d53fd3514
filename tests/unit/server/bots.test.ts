import { describe, expect, it } from 'vitest';
import { isBotRequest } from '../../../server/modules/tracking/bots';

describe('isBotRequest', () => {
  it('flags link previewers and inspection tools as bots: their clicks are never paid', () => {
    for (const ua of [
      'WhatsApp/2.23.20.0 A',
      'Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'curl/8.5.0',
      '',
      '   ',
    ]) {
      expect([ua, isBotRequest('GET', ua)]).toEqual([ua, true]);
    }
  });

  it('lets browsers and in-app browsers through as people, and flags any HEAD request', () => {
    const browsers = [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.47.107;]',
    ];
    for (const ua of browsers) expect([ua, isBotRequest('GET', ua)]).toEqual([ua, false]);
    expect(isBotRequest('HEAD', browsers[0]!)).toBe(true);
  });
});
