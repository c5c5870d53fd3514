/** A coupon code as the advertiser types it: 3–40 of A–Z, 0–9, `-`, `_`, any case. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;
export const COUPON_CODE_MESSAGE = 'a coupon code is 3–40 characters of A–Z, 0–9, - and _';

/** Codes are unique per campaign without regard to case: stored and compared upper-case. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

/** How a conversion found its publisher: its click, or a coupon code (no click). */
export const ATTRIBUTIONS = ['click', 'coupon'] as const;
export type Attribution = (typeof ATTRIBUTIONS)[number];
