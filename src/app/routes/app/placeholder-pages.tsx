import { PlaceholderPage } from '../../../components/placeholder-page';

interface PlaceholderRoute {
  path: string;
  title: string;
  description: string;
}

export const MESSAGING_DESCRIPTION = 'Conversations between advertisers, publishers and admins.';

/** Sections reachable from the quick actions whose screens later releases fill in. */
export const PLACEHOLDER_ROUTES: readonly PlaceholderRoute[] = [
  { path: '/messaging', title: 'Messages', description: MESSAGING_DESCRIPTION },
  { path: '/media', title: 'Media library', description: 'Upload banners, images, PDFs and videos.' },
];

export function placeholderElement({ title, description }: PlaceholderRoute) {
  return <PlaceholderPage title={title} description={description} />;
}
