import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';

export const APP_NAME = 'Affilio';

/** A route's `handle`: its title names the tab, the history entry and the app switcher's card. */
export interface RouteHandle {
  title?: string;
}

/** "Campaigns · Affilio": the title of the deepest matched route that has one, else the app's name. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/** Sets document.title from the matched routes' handles (one place for every route). */
export function DocumentTitle() {
  const matches = useMatches();
  const title = matches
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return null;
}
