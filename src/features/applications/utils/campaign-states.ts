import type { Application, ApplicationStatus } from '../types';

// A publisher may apply to one campaign with several websites; the campaign shows the state that says
// most about where they stand: one approved website means they are in.
const RANK: Record<ApplicationStatus, number> = {
  approved: 5,
  pending: 4,
  suspended: 3,
  rejected: 2,
  withdrawn: 1,
};

/** The publisher's standing per campaign id, from their applications. */
export function statesByCampaign(applications: Application[]): Map<string, ApplicationStatus> {
  const states = new Map<string, ApplicationStatus>();
  for (const { campaign_id, status } of applications) {
    const known = states.get(campaign_id);
    if (!known || RANK[status] > RANK[known]) states.set(campaign_id, status);
  }
  return states;
}

/** Whether a publisher in this state may still send a new application (with a website not yet open). */
export const mayApplyAgain = (status: ApplicationStatus | undefined) =>
  status === undefined || status === 'rejected' || status === 'withdrawn';
