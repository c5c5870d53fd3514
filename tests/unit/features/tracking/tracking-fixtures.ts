import type { TrackingLink, TrackingTestResult } from '../../../../src/features/tracking/types';

let sequence = 0;

export function makeTrackingLink(overrides: Partial<TrackingLink> = {}): TrackingLink {
  sequence += 1;
  return {
    id: `link-${sequence}`,
    code: `code${sequence}`,
    url: `https://affilio.example/t/code${sequence}`,
    active: true,
    application_id: `app-${sequence}`,
    application_status: 'approved',
    campaign_id: 'c-1',
    campaign_name: 'Shoes',
    campaign_status: 'active',
    deep_link_hosts: ['shop.example.com'],
    publisher_id: `pub-${sequence}`,
    publisher_name: `Publisher ${sequence}`,
    website_id: `w-${sequence}`,
    website_url: `https://site-${sequence}.example`,
    clicks: 0,
    conversions: 0,
    created_at: '2025-03-01T00:00:00.000Z',
    ...overrides,
  };
}

export const PASSING_TEST: TrackingTestResult = {
  ok: true,
  steps: [
    {
      step: 'link_resolved',
      ok: true,
      code: 'redirected',
      detail: '/t/code1 redirected to https://shop.example.com/?click_id=ck1',
      data: { code: 'code1', location: 'https://shop.example.com/?click_id=ck1' },
    },
    {
      step: 'click_recorded',
      ok: true,
      code: 'click_recorded',
      detail: 'Click ck1 recorded (flagged as a test, never paid).',
      data: { click_id: 'ck1', is_test: true },
    },
    {
      step: 'conversion',
      ok: true,
      code: 'conversion_accepted',
      detail: 'Conversion cv1 accepted for order test-abc.',
      data: { conversion_id: 'cv1', order_id: 'test-abc', amount_minor: 10000, currency: 'EUR' },
    },
    {
      step: 'commission_computed',
      ok: true,
      code: 'commission',
      detail: 'Commission 10.00 EUR (pending); a test, so it is not paid.',
      data: { commission_id: 'cm1', amount_minor: 1000, currency: 'EUR', status: 'pending' },
    },
  ],
};
