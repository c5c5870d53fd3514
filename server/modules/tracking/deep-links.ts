import { parse as parseQuery } from 'fast-querystring';
import { allowedDeepLink } from '../../../contracts/deep-links';
import type { LinkTarget } from './link-cache';

/** The `url` of a click's query string (the first, when repeated), or null: parsed only when there is one. */
export function deepUrlOf(search: string): string | null {
  if (!search.includes('url=')) return null;
  const value = (parseQuery(search) as Record<string, string | string[] | undefined>).url;
  const url = Array.isArray(value) ? value[0] : value;
  return url ? url : null;
}

/**
 * Where a deep link leads: the page asked for when the rule of contracts/deep-links.ts allows it on the
 * link's campaign, else null (the landing page).
 */
export function deepLinkBase(target: LinkTarget, deepUrl: string | null | undefined): string | null {
  if (!deepUrl) return null;
  return allowedDeepLink(deepUrl, target.deepLinkHosts ?? [])?.href ?? null;
}
