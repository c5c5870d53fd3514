import type { UserRow } from '../../platform/current-user';

interface ApplicationScope {
  publisherId: string;
  campaignAdvertiserId: string;
}

export function canViewApplication(user: UserRow, app: ApplicationScope): boolean {
  if (user.role === 'admin') return true;
  return user.role === 'advertiser' ? app.campaignAdvertiserId === user.id : app.publisherId === user.id;
}

/** Approve, reject, suspend: the campaign's advertiser or an admin. */
export function canDecideApplication(user: UserRow, app: ApplicationScope): boolean {
  return user.role === 'admin' || (user.role === 'advertiser' && app.campaignAdvertiserId === user.id);
}

export function canWithdrawApplication(user: UserRow, app: ApplicationScope): boolean {
  return user.role === 'publisher' && app.publisherId === user.id;
}
