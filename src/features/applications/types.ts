export type { Application, ApplicationStatus } from '../../../server/modules/applications/schema';

// Copied from server/modules/applications/schema.ts (the client may import only types from server/).
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'suspended', 'withdrawn'] as const;

export const APPLICATION_STATUS_COLORS: Record<(typeof APPLICATION_STATUSES)[number], string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  suspended: 'orange',
  withdrawn: 'gray',
};

export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** The link a publisher puts on their site: GET /t/{code} redirects to the landing page. */
export const trackingLink = (code: string, origin = window.location.origin) => `${origin}/t/${code}`;
