import { currentLanguage, formatLocale, translate } from '../../../lib/i18n';
import type { Conversation, Member } from '../types';

/** Who a conversation is with, as the caller sees it: the other members' names (companies for firms). */
export function otherMembers(conversation: Conversation, userId: string | undefined): Member[] {
  const others = conversation.members.filter((m) => m.id !== userId);
  return others.length > 0 ? others : conversation.members;
}

export const displayName = (m: { name: string; company_name: string | null }) =>
  m.company_name ? `${m.name} (${m.company_name})` : m.name || translate('messaging', 'unnamed');

export function conversationTitle(conversation: Conversation, userId: string | undefined): string {
  return otherMembers(conversation, userId)
    .map((m) => m.name || translate('messaging', 'unnamed'))
    .join(', ');
}

/** "Advertiser", "Publisher", "Admin" in the UI language (catalog keys `role.<role>`). */
export const roleLabel = (role: Member['role']) => translate('messaging', `role.${role}`);

/** "14:05" today, "Mon 14:05" this week, else the date; in the UI language. */
export function shortTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const locale = formatLocale();
  const time = at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  if (at.toDateString() === now.toDateString()) return time;
  const days = (now.getTime() - at.getTime()) / 86_400_000;
  if (days < 6) return `${at.toLocaleDateString(locale, { weekday: 'short' })} ${time}`;
  return at.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  const mb = (bytes / 1024 / 1024).toFixed(1);
  return `${currentLanguage() === 'da' ? mb.replace('.', ',') : mb} MB`;
}
