export const VERIFICATION_METHODS = ['meta', 'file', 'dns'] as const;
export const VERIFICATION_STATUSES = ['unverified', 'pending', 'verified', 'failed'] as const;

export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Limits of a website's fields: the server refuses more, the form stops at them before sending. */
export const WEBSITE_LIMITS = {
  urlLength: 500,
  nameLength: 200,
  descriptionLength: 5000,
  /** the column is a 32-bit integer */
  maxMonthlyVisitors: 2_147_483_647,
} as const;

/** Where the server looks for a website's verification token, by method (the panel tells the owner). */
export const VERIFY_FILE_PATH = '/.well-known/affilio-verify.txt';
export const META_NAME = 'affilio-verification';
export const dnsRecordValue = (token: string) => `affilio-verify=${token}`;
