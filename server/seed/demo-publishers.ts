import type { ApplicationStatus } from '../../contracts/applications';
import type { PublisherKey } from './demo-campaigns';

/**
 * The demo publishers' websites and their applications to the demo campaigns, in every state. Times
 * are in whole days before the seed ran; an approved application's `clicksPerDay` drives the traffic on
 * its tracking link (demo-traffic.ts).
 */

export interface DemoWebsite {
  key: string;
  publisher: PublisherKey;
  url: string;
  name: string;
  category: string;
  monthlyVisitors: number;
  description: string;
  /** 'failed' shows a verification error; the rest are verified */
  verification: 'verified' | 'failed';
  /** where its readers are (ISO alpha-2 → weight) */
  audience: Record<string, number>;
  /** sub1: where on the site the link sits */
  placements: string[];
  /** sub2: the article or issue that carries it */
  articles: string[];
}

export interface DemoApplication {
  campaign: string;
  website: string;
  status: ApplicationStatus;
  message: string;
  appliedDaysAgo: number;
  /** approved, rejected or (for suspended) first approved; auto-approval campaigns decide at once */
  decidedDaysAgo?: number;
  suspendedDaysAgo?: number;
  reason?: string;
  /** average clicks a day on its tracking link while it works */
  clicksPerDay?: number;
}
export const DEMO_WEBSITES: DemoWebsite[] = [
  {
    key: 'trailandsummit',
    publisher: 'paula',
    url: 'https://trailandsummit.example',
    name: 'Trail & Summit Blog',
    category: 'travel',
    monthlyVisitors: 48_000,
    description: 'Long-distance hiking routes in Europe, gear lists and honest kit reviews.',
    verification: 'verified',
    audience: { PT: 22, ES: 14, GB: 16, DE: 14, DK: 8, NL: 7, FR: 6, SE: 5, US: 8 },
    placements: ['article', 'gear-list', 'sidebar', 'newsletter'],
    articles: [
      'best-rain-jackets',
      'hut-to-hut-norway',
      'west-highland-way',
      'packing-list-alps',
      'winter-layering',
    ],
  },
  {
    key: 'summitgear',
    publisher: 'paula',
    url: 'https://summitgear.example',
    name: 'Summit Gear Reviews',
    category: 'other',
    monthlyVisitors: 15_000,
    description: 'Side-by-side tests of tents, packs and footwear.',
    verification: 'verified',
    audience: { PT: 18, GB: 20, DE: 18, IE: 8, US: 14, NL: 8, DK: 6, SE: 8 },
    placements: ['review', 'comparison-table', 'sidebar'],
    articles: ['tent-test-2025', 'backpacks-under-150', 'trail-runners-compared', 'energy-bars-ranked'],
  },
  {
    key: 'gadgetdeals',
    publisher: 'peter',
    url: 'https://gadgetdealsdaily.example',
    name: 'Gadget Deals Daily',
    category: 'electronics',
    monthlyVisitors: 120_000,
    description: 'Hand-picked price drops on laptops, phones and smart-home kit, every weekday.',
    verification: 'verified',
    audience: { SE: 26, DK: 14, NO: 10, FI: 6, DE: 14, GB: 10, IE: 6, US: 14 },
    placements: ['deal-card', 'homepage-hero', 'newsletter', 'price-alert'],
    articles: ['laptop-deals', 'smart-home-week', 'back-to-school', 'black-friday-early', 'tablet-roundup'],
  },
  {
    key: 'techunboxed',
    publisher: 'peter',
    url: 'https://techunboxed.example',
    name: 'Tech Unboxed',
    category: 'electronics',
    monthlyVisitors: 35_000,
    description: 'Unboxing videos and first-week reviews of new laptops and tablets.',
    verification: 'verified',
    audience: { SE: 20, GB: 16, US: 22, DE: 14, DK: 8, IE: 6, NL: 8, PT: 6 },
    placements: ['video-description', 'review', 'pinned-comment'],
    articles: ['ultrabook-review', 'tablet-for-students', 'gaming-laptop-budget', 'camping-tech'],
  },
  {
    key: 'nordicdeals',
    publisher: 'peter',
    url: 'https://nordicdeals.example',
    name: 'Nordic Deals Newsletter',
    category: 'other',
    monthlyVisitors: 22_000,
    description: 'A twice-weekly newsletter of coupon codes and cashback offers for the Nordics.',
    verification: 'verified',
    audience: { SE: 40, DK: 30, NO: 20, FI: 10 },
    placements: ['newsletter', 'coupon-page'],
    articles: ['issue-112', 'issue-113', 'issue-114', 'weekend-codes'],
  },
  {
    key: 'smartmoney',
    publisher: 'priya',
    url: 'https://smartmoneyreviews.example',
    name: 'Smart Money Reviews',
    category: 'finance',
    monthlyVisitors: 65_000,
    description:
      'Plain-English reviews of credit, savings and buy-now-pay-later products for the UK and Ireland.',
    verification: 'verified',
    audience: { GB: 62, IE: 22, US: 6, DE: 3, NL: 3, PT: 2, DK: 2 },
    placements: ['review', 'comparison-table', 'calculator', 'newsletter'],
    articles: [
      '0-percent-finance-explained',
      'best-cloud-backup',
      'smart-home-on-a-budget',
      'student-money-guide',
    ],
  },
  {
    key: 'studentbudget',
    publisher: 'priya',
    url: 'https://studentbudget.example',
    name: 'Student Budget Corner',
    category: 'finance',
    monthlyVisitors: 4_000,
    description: 'Budgeting tips for students; new and still being set up.',
    verification: 'failed',
    audience: { GB: 80, IE: 20 },
    placements: ['article'],
    articles: ['first-term-budget'],
  },
  {
    key: 'hyggeligevandreture',
    publisher: 'mette',
    url: 'https://hyggeligevandreture.example',
    name: 'Hyggelige Vandreture',
    category: 'travel',
    monthlyVisitors: 9_000,
    description: 'Danish day hikes and the kit for Nordic weather, written in Danish.',
    verification: 'verified',
    audience: { DK: 85, SE: 8, NO: 7 },
    placements: ['article', 'newsletter'],
    articles: ['fjordstien', 'regntoej-test', 'vinter-paa-mols'],
  },
];

export const DEMO_APPLICATIONS: DemoApplication[] = [
  // Paula: outdoor and travel
  {
    campaign: 'trail-jackets',
    website: 'trailandsummit',
    status: 'approved',
    message: 'I review rain shells every autumn; your jackets fit my gear guides.',
    appliedDaysAgo: 100,
    clicksPerDay: 28,
  },
  {
    campaign: 'outdoor-store',
    website: 'trailandsummit',
    status: 'approved',
    message: 'My packing lists link to tents, packs and sleeping bags — a good match for the whole store.',
    appliedDaysAgo: 98,
    decidedDaysAgo: 96,
    clicksPerDay: 24,
  },
  {
    campaign: 'outdoor-store',
    website: 'summitgear',
    status: 'approved',
    message: 'Adding my new review site as well.',
    appliedDaysAgo: 52,
    decidedDaysAgo: 50,
    clicksPerDay: 14,
  },
  {
    campaign: 'hut-to-hut',
    website: 'trailandsummit',
    status: 'approved',
    message: 'My Norway hut-to-hut guide is my most-read article.',
    appliedDaysAgo: 74,
    decidedDaysAgo: 71,
    clicksPerDay: 18,
  },
  {
    campaign: 'tent-clearance',
    website: 'summitgear',
    status: 'approved',
    message: 'Perfect for my tent test.',
    appliedDaysAgo: 95,
    clicksPerDay: 20,
  },
  {
    campaign: 'journal-clicks',
    website: 'trailandsummit',
    status: 'approved',
    message: 'Happy to link your trail guides from my route pages.',
    appliedDaysAgo: 84,
    decidedDaysAgo: 82,
    clicksPerDay: 30,
  },
  {
    campaign: 'trail-fuel',
    website: 'summitgear',
    status: 'approved',
    message: 'I am ranking energy bars next month.',
    appliedDaysAgo: 80,
    decidedDaysAgo: 77,
    clicksPerDay: 12,
  },
  {
    campaign: 'smart-home',
    website: 'summitgear',
    status: 'pending',
    message: 'I am starting a camping-tech column and would like to include your kits.',
    appliedDaysAgo: 2,
  },
  // Peter: deals and tech
  {
    campaign: 'laptops',
    website: 'gadgetdeals',
    status: 'approved',
    message: 'Daily laptop deals to 120k readers.',
    appliedDaysAgo: 104,
    clicksPerDay: 48,
  },
  {
    campaign: 'laptops',
    website: 'techunboxed',
    status: 'approved',
    message: 'I review two or three laptops a week on video.',
    appliedDaysAgo: 62,
    clicksPerDay: 22,
  },
  {
    campaign: 'smart-home',
    website: 'gadgetdeals',
    status: 'approved',
    message: 'Smart-home week is a regular feature on my site.',
    appliedDaysAgo: 95,
    decidedDaysAgo: 92,
    clicksPerDay: 32,
  },
  {
    campaign: 'price-watch',
    website: 'gadgetdeals',
    status: 'approved',
    message: 'My price alerts would send you a lot of shoppers.',
    appliedDaysAgo: 99,
    decidedDaysAgo: 97,
    clicksPerDay: 35,
  },
  {
    campaign: 'journal-clicks',
    website: 'techunboxed',
    status: 'approved',
    message: 'Camping tech videos; your journal fits the descriptions.',
    appliedDaysAgo: 23,
    decidedDaysAgo: 21,
    clicksPerDay: 15,
  },
  {
    campaign: 'trail-jackets',
    website: 'nordicdeals',
    status: 'suspended',
    message: 'Nordic deals newsletter, 22k subscribers.',
    appliedDaysAgo: 82,
    suspendedDaysAgo: 25,
    reason: 'Coupon and cashback traffic is not allowed under the campaign terms.',
    clicksPerDay: 16,
  },
  {
    campaign: 'hut-to-hut',
    website: 'gadgetdeals',
    status: 'withdrawn',
    message: 'Trying a travel section.',
    appliedDaysAgo: 64,
  },
  {
    campaign: 'cloud-backup',
    website: 'nordicdeals',
    status: 'rejected',
    message: 'Would love to feature your plans in our next issue.',
    appliedDaysAgo: 12,
    decidedDaysAgo: 10,
    reason: 'Deal and coupon newsletters are excluded from this programme (see the terms).',
  },
  {
    campaign: 'outdoor-store',
    website: 'techunboxed',
    status: 'pending',
    message: 'My camping-tech videos would link to tents and power banks.',
    appliedDaysAgo: 3,
  },
  // Priya: personal finance
  {
    campaign: 'brennan-pay',
    website: 'smartmoney',
    status: 'approved',
    message: 'My 0% finance explainer ranks first for its keywords in the UK.',
    appliedDaysAgo: 102,
    clicksPerDay: 30,
  },
  {
    campaign: 'cloud-backup',
    website: 'smartmoney',
    status: 'approved',
    message: 'I compare backup plans in my “money-saving subscriptions” series.',
    appliedDaysAgo: 48,
    decidedDaysAgo: 45,
    clicksPerDay: 20,
  },
  {
    campaign: 'smart-home',
    website: 'smartmoney',
    status: 'approved',
    message: 'Smart thermostats pay for themselves — I have a whole article on it.',
    appliedDaysAgo: 33,
    decidedDaysAgo: 30,
    clicksPerDay: 10,
  },
  {
    campaign: 'outdoor-store',
    website: 'smartmoney',
    status: 'rejected',
    message: 'Outdoor gear on a budget is a popular topic with my readers.',
    appliedDaysAgo: 44,
    decidedDaysAgo: 40,
    reason: 'Your audience is personal finance; this programme is looking for outdoor and travel publishers.',
  },
  {
    campaign: 'journal-clicks',
    website: 'smartmoney',
    status: 'pending',
    message: 'A “free weekend activities” article would link to your trail guides.',
    appliedDaysAgo: 1,
  },
  // Mette: the demo's Danish publisher
  {
    campaign: 'trail-jackets',
    website: 'hyggeligevandreture',
    status: 'approved',
    message: 'Mine læsere vandrer i al slags vejr; jeres jakker passer til mine udstyrsguides.',
    appliedDaysAgo: 60,
    clicksPerDay: 10,
  },
];
