import type { UserRow } from '../../platform/current-user';
import type { CampaignRow } from '../../db/rows';

/** Who may see a campaign at all: owners and admins always, publishers while it is active. */
export function canViewCampaign(user: UserRow, campaign: CampaignRow): boolean {
  if (user.role === 'admin') return true;
  if (user.role === 'advertiser') return campaign.advertiserId === user.id;
  return campaign.status === 'active';
}

export function canEditCampaign(user: UserRow, campaign: CampaignRow): boolean {
  return user.role === 'admin' || (user.role === 'advertiser' && campaign.advertiserId === user.id);
}

/** Tracking secret and every publisher's override: the owner's and admins' business only. */
export function canSeeCampaignPrivateFields(user: UserRow, campaign: CampaignRow): boolean {
  return canEditCampaign(user, campaign);
}
