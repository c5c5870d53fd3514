import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { useTranslation } from '../lib/i18n';

export const APP_NAME = 'Affilio';

/** A route's `handle`: its title names the tab, the history entry and the app switcher's card. */
export interface RouteHandle {
  /** the page name's key in the app catalog, under "title." */
  title?: string;
}

/** "Campaigns · Affilio": the title of the deepest matched route that has one, else the app's name. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/** Sets document.title from the matched routes' handles (one place for every route). */
export function DocumentTitle() {
  const { t } = useTranslation('app');
  const matches = useMatches();
  const title = matches
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  const name = title ? t(`title.${title}`) : undefined;
  useEffect(() => {
    document.title = documentTitle(name);
  }, [name]);
  return null;
}
