export const API_KEY_SCOPES = ['read', 'full'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What a key may be limited to: each API route belongs to at most one of these. */
export const API_KEY_RESOURCES = [
  'campaigns',
  'websites',
  'applications',
  'reports',
  'conversions',
  'commissions',
  'payouts',
  'invoices',
  'media',
  'messaging',
] as const;
export type ApiKeyResource = (typeof API_KEY_RESOURCES)[number];

export const API_KEY_RESOURCE_LABELS: Record<ApiKeyResource, string> = {
  campaigns: 'Campaigns',
  websites: 'Websites',
  applications: 'Applications',
  reports: 'Tracking & reports',
  conversions: 'Conversions (postbacks)',
  commissions: 'Commissions',
  payouts: 'Payouts',
  invoices: 'Invoices',
  media: 'Media',
  messaging: 'Messaging',
};

/** Every key starts with this, so scanners and people recognise an Affilio secret. */
export const API_KEY_PREFIX = 'afk_';

export const API_KEY_LIMITS = {
  nameLength: 100,
  /** live (unrevoked) keys per user */
  perUser: 50,
} as const;
