import type { ApplicationStatus } from '../../../contracts/applications';

export type { Application } from '../../../server/modules/applications/schema';
export type { ApplicationStatus };

export const APPLICATION_STATUS_COLORS: Record<ApplicationStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  suspended: 'orange',
  withdrawn: 'gray',
};

/** The link a publisher puts on their site: GET /t/{code} redirects to the landing page. */
export const trackingLink = (code: string, origin = window.location.origin) => `${origin}/t/${code}`;
