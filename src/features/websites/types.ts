export type { Website } from '../../../server/modules/websites/schema';

export const VERIFICATION_METHODS = ['meta', 'file', 'dns'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

// Copied from server/modules/campaigns/schema.ts: websites share the campaign categories.
export const WEBSITE_CATEGORIES = [
  'fashion',
  'electronics',
  'finance',
  'travel',
  'health',
  'software',
  'other',
] as const;

// The server's verification contract (server/modules/websites/verification.ts).
export const VERIFY_FILE_PATH = '/.well-known/affilio-verify.txt';
export const META_NAME = 'affilio-verification';
export const dnsRecordValue = (token: string) => `affilio-verify=${token}`;
