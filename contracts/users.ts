export const ROLES = ['advertiser', 'publisher', 'admin'] as const;
export const USER_STATUSES = ['pending', 'active', 'suspended'] as const;
export const PAYOUT_METHODS = ['bank_transfer', 'paypal'] as const;
/** What an admin's user list sorts by. */
export const USER_SORTS = ['created_at', 'name', 'email', 'status'] as const;

/** The UI's languages; the user's is kept on the account (users.language) and used for what we write to them. */
export const USER_LANGUAGES = ['en', 'da'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];

export type Role = (typeof ROLES)[number];
export type UserStatus = (typeof USER_STATUSES)[number];
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export type UserSort = (typeof USER_SORTS)[number];
