export const COMMISSION_STATUSES = ['pending', 'approved', 'rejected', 'reversed', 'paid'] as const;

export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/**
 * The reasons the platform itself writes on a commission it refuses (stored in `reason`, on the wire as they
 * are): the UI and the server's notifications word them in the reader's language by their name here; any
 * other reason is a person's and is shown as they wrote it.
 */
export const SYSTEM_REASONS = {
  daily_cap: 'The campaign’s daily cap was reached',
  budget: 'The campaign’s budget was reached',
  publisher_cap: "over the publisher's cap",
  fraud: 'Rejected by the traffic quality review',
} as const;

export type SystemReason = keyof typeof SYSTEM_REASONS;

/** The system reason `reason` is, or null for a person's own words (or none). */
export function systemReason(reason: string | null | undefined): SystemReason | null {
  if (!reason) return null;
  const found = Object.entries(SYSTEM_REASONS).find(([, text]) => text === reason);
  return found ? (found[0] as SystemReason) : null;
}
