import type { UserRow } from '../../platform/current-user';
import type { WebsiteRow } from './queries';

export function canViewWebsite(user: UserRow, site: WebsiteRow): boolean {
  return user.role === 'admin' || site.publisherId === user.id;
}

export function canEditWebsite(user: UserRow, site: WebsiteRow): boolean {
  return user.role === 'publisher' && site.publisherId === user.id;
}
