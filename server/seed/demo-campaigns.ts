import type { CommissionModel } from '../platform/commission-math';
import type { campaigns } from '../db/schema/marketplace';

/**
 * The demo advertisers' campaigns (demo-data.ts builds the rows). Times are in whole days before the
 * seed ran; `conversionRate` and `orderRange` drive the generated traffic (demo-traffic.ts).
 */

export type AdvertiserKey = 'alice' | 'bob';
export type PublisherKey = 'paula' | 'peter' | 'priya' | 'mette';

export interface DemoCampaign {
  key: string;
  advertiser: AdvertiserKey;
  name: string;
  description: string;
  category: string;
  status: (typeof campaigns.$inferSelect)['status'];
  landingUrl: string;
  currency: 'DKK' | 'EUR' | 'GBP' | 'USD';
  commissionModel: CommissionModel;
  payoutMinor?: number;
  revshareBps?: number;
  tiers?: { min_conversions_in_month: number; payout_minor?: number; revshare_bps?: number }[];
  overrides?: { publisher: PublisherKey; payout_minor?: number; revshare_bps?: number }[];
  budgetMinor?: number;
  dailyCapMinor?: number;
  approvalMode: 'manual' | 'auto';
  allowedCountries?: string[];
  /** the browser pixel is on, with this cap on unsigned order amounts */
  pixelMaxOrderMinor?: number;
  terms: string;
  createdDaysAgo: number;
  /** negative: in the future */
  startsDaysAgo?: number;
  endsDaysAgo?: number;
  /** the advertiser paused it this many days ago */
  pausedDaysAgo?: number;
  /** share of unique human clicks that convert, and the order amounts (major units) when they are sales */
  conversionRate: number;
  orderRange?: [number, number];
  orderPrefix: string;
}
const NORTHWIND_TERMS =
  'No paid search on Northwind brand terms. No coupon, cashback or incentive traffic unless agreed in writing. ' +
  'Commissions are confirmed after the 30-day return period.';
const BRENNAN_TERMS =
  'No bidding on "Brennan" or "Brennan Electronics" in paid search. Email promotion only to opted-in lists. ' +
  'Orders that are cancelled, returned or charged back are not commissionable.';

export const DEMO_CAMPAIGNS: DemoCampaign[] = [
  {
    key: 'trail-jackets',
    advertiser: 'alice',
    name: 'Northwind Trail Jackets — Autumn/Winter',
    description:
      'Waterproof, breathable shell and insulated jackets for hiking and everyday wear. Free delivery in the Nordics, ' +
      '100-day returns. A bonus per sale for partners who send more than 15 orders a month.',
    category: 'fashion',
    status: 'active',
    landingUrl: 'https://northwind.example/collections/trail-jackets',
    currency: 'DKK',
    commissionModel: 'cpa',
    payoutMinor: 150_00,
    tiers: [
      { min_conversions_in_month: 15, payout_minor: 180_00 },
      { min_conversions_in_month: 40, payout_minor: 225_00 },
    ],
    budgetMinor: 250_000_00,
    approvalMode: 'auto',
    terms: NORTHWIND_TERMS,
    createdDaysAgo: 118,
    conversionRate: 0.028,
    orderRange: [899, 2999],
    orderPrefix: 'NW',
  },
  {
    key: 'outdoor-store',
    advertiser: 'alice',
    name: 'Northwind Outdoor Store — 8% on every order',
    description:
      'The whole Northwind range — tents, sleeping bags, packs and footwear — shipped across the EU. Earn 8% of the ' +
      'order value, with a 30-day cookie.',
    category: 'other',
    status: 'active',
    landingUrl: 'https://northwind.example/eu',
    currency: 'EUR',
    commissionModel: 'revshare',
    revshareBps: 800,
    approvalMode: 'manual',
    pixelMaxOrderMinor: 1_500_00,
    terms: NORTHWIND_TERMS,
    createdDaysAgo: 112,
    conversionRate: 0.032,
    orderRange: [35, 650],
    orderPrefix: 'NWEU',
  },
  {
    key: 'hut-to-hut',
    advertiser: 'alice',
    name: 'Hut-to-Hut Hiking Tours in Norway',
    description:
      'Guided and self-guided hut-to-hut tours in Jotunheimen and Rondane. We pay for every booking enquiry with a ' +
      'valid e-mail address and travel dates.',
    category: 'travel',
    status: 'active',
    landingUrl: 'https://tours.northwind.example/hut-to-hut',
    currency: 'EUR',
    commissionModel: 'cpl',
    payoutMinor: 12_00,
    // low on purpose: limited guide capacity, so the odd busy day shows cap-rejected leads
    dailyCapMinor: 24_00,
    approvalMode: 'manual',
    terms: `${NORTHWIND_TERMS} One lead per person and season.`,
    createdDaysAgo: 96,
    conversionRate: 0.06,
    orderPrefix: 'HUT',
  },
  {
    key: 'tent-clearance',
    advertiser: 'alice',
    name: 'Tent Clearance Sale (UK)',
    description: 'Last season’s tents at up to 40% off for UK customers, while stock lasts.',
    category: 'other',
    status: 'ended',
    landingUrl: 'https://northwind.example/uk/tent-clearance',
    currency: 'GBP',
    commissionModel: 'cpa',
    payoutMinor: 18_00,
    approvalMode: 'auto',
    terms: NORTHWIND_TERMS,
    createdDaysAgo: 100,
    startsDaysAgo: 95,
    endsDaysAgo: 32,
    conversionRate: 0.035,
    orderRange: [149, 599],
    orderPrefix: 'NWUK',
  },
  {
    key: 'trail-fuel',
    advertiser: 'alice',
    name: 'Trail Fuel Energy Bars',
    description:
      'Oat-and-nut energy bars and electrolyte mixes for long days outdoors. Subscriptions save 15%.',
    category: 'health',
    status: 'paused',
    landingUrl: 'https://northwind.example/eu/trail-fuel',
    currency: 'EUR',
    commissionModel: 'cpa',
    payoutMinor: 4_00,
    approvalMode: 'manual',
    terms: `${NORTHWIND_TERMS} Paused while we restock.`,
    createdDaysAgo: 90,
    pausedDaysAgo: 18,
    conversionRate: 0.04,
    orderRange: [19, 79],
    orderPrefix: 'TF',
  },
  {
    key: 'journal-clicks',
    advertiser: 'alice',
    name: 'Northwind Journal — paid per click',
    description:
      'Send readers to our trail guides and gear-care articles. Paid per unique visitor; bots and repeat clicks ' +
      'within an hour are not paid.',
    category: 'other',
    status: 'active',
    landingUrl: 'https://journal.northwind.example/',
    currency: 'USD',
    commissionModel: 'cpc',
    payoutMinor: 25,
    budgetMinor: 4_000_00,
    dailyCapMinor: 60_00,
    approvalMode: 'manual',
    terms: 'No pop-ups, auto-redirects or incentivised clicks.',
    createdDaysAgo: 85,
    conversionRate: 0.012,
    orderRange: [40, 400],
    orderPrefix: 'NWJ',
  },
  {
    key: 'winter-2026',
    advertiser: 'alice',
    name: 'Winter Expedition Collection 2026',
    description:
      'Our expedition down and hardshell line, launching next season. Draft: terms still being agreed.',
    category: 'fashion',
    status: 'draft',
    landingUrl: 'https://northwind.example/collections/expedition-2026',
    currency: 'DKK',
    commissionModel: 'cpa',
    payoutMinor: 200_00,
    approvalMode: 'manual',
    terms: NORTHWIND_TERMS,
    createdDaysAgo: 6,
    startsDaysAgo: -30,
    conversionRate: 0,
    orderPrefix: 'NWX',
  },
  {
    key: 'laptops',
    advertiser: 'bob',
    name: 'Brennan Laptops & Tablets — 5% revenue share',
    description:
      'Laptops, tablets and accessories from the major brands with next-day delivery in Ireland and the EU. 5% of the ' +
      'order value, 6% from the 25th sale in a month.',
    category: 'electronics',
    status: 'active',
    landingUrl: 'https://brennan.example/laptops-tablets',
    currency: 'EUR',
    commissionModel: 'revshare',
    revshareBps: 500,
    tiers: [{ min_conversions_in_month: 25, revshare_bps: 600 }],
    approvalMode: 'auto',
    pixelMaxOrderMinor: 3_000_00,
    terms: BRENNAN_TERMS,
    createdDaysAgo: 120,
    conversionRate: 0.018,
    orderRange: [349, 2199],
    orderPrefix: 'BE',
  },
  {
    key: 'smart-home',
    advertiser: 'bob',
    name: 'Brennan Smart Home Starter Kits',
    description:
      'Smart speakers, lights and thermostats in ready-made kits with free installation guides. A fixed commission ' +
      'per kit sold, rising with volume.',
    category: 'electronics',
    status: 'active',
    landingUrl: 'https://brennan.example/smart-home/starter-kits',
    currency: 'USD',
    commissionModel: 'cpa',
    payoutMinor: 25_00,
    tiers: [
      { min_conversions_in_month: 10, payout_minor: 30_00 },
      { min_conversions_in_month: 25, payout_minor: 35_00 },
    ],
    overrides: [{ publisher: 'peter', payout_minor: 32_00 }],
    budgetMinor: 25_000_00,
    approvalMode: 'manual',
    terms: BRENNAN_TERMS,
    createdDaysAgo: 110,
    conversionRate: 0.025,
    orderRange: [79, 349],
    orderPrefix: 'BESH',
  },
  {
    key: 'brennan-pay',
    advertiser: 'bob',
    name: 'Brennan Pay — 0% finance applications',
    description:
      'Spread the cost of any order over 3 to 24 months at 0% APR. Paid per completed finance application from the ' +
      'UK and Ireland. Representative example on the landing page.',
    category: 'finance',
    status: 'active',
    landingUrl: 'https://brennan.example/pay',
    currency: 'GBP',
    commissionModel: 'cpl',
    payoutMinor: 8_00,
    dailyCapMinor: 100_00,
    approvalMode: 'auto',
    allowedCountries: ['GB', 'IE'],
    terms: `${BRENNAN_TERMS} Financial promotions must show the representative example unchanged.`,
    createdDaysAgo: 105,
    conversionRate: 0.05,
    orderPrefix: 'BPAY',
  },
  {
    key: 'cloud-backup',
    advertiser: 'bob',
    name: 'Brennan Cloud Backup — annual plans',
    description:
      'Automatic backup for phones and laptops, 1 TB to 10 TB. 25% of the first year’s subscription.',
    category: 'software',
    status: 'active',
    landingUrl: 'https://cloud.brennan.example/plans',
    currency: 'USD',
    commissionModel: 'revshare',
    revshareBps: 2_500,
    approvalMode: 'manual',
    terms: BRENNAN_TERMS,
    createdDaysAgo: 70,
    conversionRate: 0.02,
    orderRange: [59, 149],
    orderPrefix: 'BCB',
  },
  {
    key: 'price-watch',
    advertiser: 'bob',
    name: 'Brennan Price-Watch — paid per click',
    description: 'Send shoppers to our daily price drops. Paid per unique visitor.',
    category: 'electronics',
    status: 'paused',
    landingUrl: 'https://brennan.example/price-drops',
    currency: 'EUR',
    commissionModel: 'cpc',
    payoutMinor: 15,
    budgetMinor: 2_500_00,
    approvalMode: 'manual',
    terms: `${BRENNAN_TERMS} Paused for the quarterly budget review.`,
    createdDaysAgo: 100,
    pausedDaysAgo: 12,
    conversionRate: 0.012,
    orderRange: [99, 999],
    orderPrefix: 'BEPW',
  },
];
