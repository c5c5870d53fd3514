import { afterEach, describe, expect, it } from 'vitest';
import { stepText } from '../../../../src/features/tracking/utils/step-text';
import type { TrackingTestStep } from '../../../../src/features/tracking/types';
import { setLanguage } from '../../../../src/lib/i18n';
import { PASSING_TEST } from './tracking-fixtures';

// Issue #45: a tracking test's steps are worded in the UI's language from their code and figures; the
// server's English `detail` is what the English words say, and what a step the client cannot word shows.

afterEach(() => setLanguage('en'));

const failures: TrackingTestStep[] = [
  {
    step: 'link_resolved',
    ok: false,
    code: 'no_active_link',
    detail: 'This campaign has no active tracking link yet: approve a publisher’s application first.',
  },
  {
    step: 'link_resolved',
    ok: false,
    code: 'link_not_in_campaign',
    detail: 'That tracking link does not belong to this campaign.',
  },
  {
    step: 'link_resolved',
    ok: false,
    code: 'no_redirect',
    detail: '/t/abc did not redirect. The page said: “This campaign is not running.”',
    data: { code: 'abc', status: 404, reason: 'This campaign is not running.' },
  },
  {
    step: 'click_recorded',
    ok: false,
    code: 'click_missing',
    detail: 'The click was not written to the database.',
  },
  {
    step: 'conversion',
    ok: false,
    code: 'conversion_rejected',
    detail:
      'Conversion rejected (422). The postback API answered: “This campaign pays per lead; send event=lead”',
    data: { status: 422, order_id: 'test-1', reason: 'This campaign pays per lead; send event=lead' },
  },
  {
    step: 'commission_computed',
    ok: true,
    code: 'click_pays',
    detail: 'This campaign pays per unique click: a real click would earn 0.07 USD.',
    data: { amount_minor: 7, currency: 'USD' },
  },
  {
    step: 'commission_computed',
    ok: false,
    code: 'not_paid',
    detail: 'Campaign has no payout',
    data: { reason: 'Campaign has no payout', reason_code: 'no_payout' },
  },
];

describe('tracking test steps in the UI’s language', () => {
  it('words every step in English as the server does', async () => {
    await setLanguage('en');
    const worded = [...PASSING_TEST.steps, ...failures].map((step) => stepText(step, '0.07 USD'));
    expect(worded).toEqual([
      '/t/code1 redirected to https://shop.example.com/?click_id=ck1',
      'Click ck1 recorded (flagged as a test, never paid).',
      'Conversion cv1 accepted for order test-abc.',
      'Commission 0.07 USD (pending); a test, so it is not paid.',
      'This campaign has no active tracking link yet: approve a publisher’s application first.',
      'That tracking link does not belong to this campaign.',
      '/t/abc did not redirect. The page said: “This campaign is not running.”',
      'The click was not written to the database.',
      'Conversion rejected (422). The postback API answered: “This campaign pays per lead; send event=lead”',
      'This campaign pays per unique click: a real click would earn 0.07 USD.',
      'No commission: the campaign has no commission set',
    ]);
  });

  it('words every step in Danish', async () => {
    await setLanguage('da');
    const worded = [...PASSING_TEST.steps, ...failures].map((step) => stepText(step, '0,07 $'));
    expect(worded).toEqual([
      '/t/code1 sendte videre til https://shop.example.com/?click_id=ck1',
      'Klik ck1 registreret (markeret som test, udbetales aldrig).',
      'Konvertering cv1 modtaget for ordre test-abc.',
      'Provision 0,07 $ (afventer); det er en test, så den udbetales ikke.',
      'Kampagnen har endnu intet aktivt sporingslink: godkend først en udgivers ansøgning.',
      'Det sporingslink hører ikke til denne kampagne.',
      '/t/abc sendte ikke videre. Siden svarede: “This campaign is not running.”',
      'Klikket blev ikke gemt i databasen.',
      'Konverteringen blev afvist (422). Postback-API’et svarede: “This campaign pays per lead; send event=lead”',
      'Kampagnen betaler pr. unikt klik: et rigtigt klik ville give 0,07 $.',
      'Ingen provision: kampagnen har ingen provision angivet',
    ]);
  });

  it('shows the server’s detail when a figure its words need is missing or the code is unknown', async () => {
    await setLanguage('da');
    const [, click] = PASSING_TEST.steps;
    expect(stepText({ ...click!, data: {} })).toBe(click!.detail);
    expect(stepText({ ...click!, code: 'from_a_newer_server' as TrackingTestStep['code'] })).toBe(
      click!.detail,
    );
  });

  it('keeps the server’s reason for a code this client does not know', async () => {
    await setLanguage('da');
    const unpaid = failures.at(-1)!;
    const newer = {
      ...unpaid,
      data: { reason: 'Campaign has no payout', reason_code: 'from_a_newer_server' },
    };
    expect(stepText(newer)).toBe('Ingen provision: Campaign has no payout');
  });
});
