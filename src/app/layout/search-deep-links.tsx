import { modals } from '@mantine/modals';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getMediaItemQueryOptions } from '../../features/media/api/get-media-item';
import { getWebsitesQueryOptions } from '../../features/websites/api/get-websites';
import { withMoreStyles } from '../../lib/load-more-styles';
import { translate } from '../../lib/i18n';

// Loaded when a deep link is followed: the modal contents stay out of the app shell's chunk.
const modalContents = () => withMoreStyles(import('../routes/app/marketplace-modal-contents'));

/** Query parameters of the routes global search links to, and what each opens on top of its page. */
const OPENERS: Record<string, (id: string, title: string | undefined, client: QueryClient) => void> = {
  campaign: (id, title) =>
    void modalContents().then((m) =>
      m.openCampaignDetails({ id, name: title ?? translate('app', 'deepLink.campaign') }),
    ),
  advertiser: (advertiserId) =>
    modals.openContextModal({
      modal: 'advertiserDetails',
      title: translate('app', 'details.advertiser'),
      innerProps: { advertiserId },
    }),
  publisher: (id, title) =>
    void modalContents().then((m) =>
      m.openPublisherCard({ id, name: title ?? translate('app', 'deepLink.publisher'), display_name: null }),
    ),
  application: (id) => {
    void withMoreStyles(import('../../features/applications/components/application-details')).then(
      ({ ApplicationDetails }) =>
        modals.open({
          title: translate('app', 'deepLink.application'),
          children: <ApplicationDetails id={id} />,
        }),
    );
  },
  applications: (campaignId, title) =>
    modals.openContextModal({
      modal: 'campaignPublishers',
      title: title
        ? translate('app', 'campaigns.publishersOf', { name: title })
        : translate('app', 'publishers.title'),
      size: 'xl',
      innerProps: { campaignId },
    }),
  media: (id, _title, client) => {
    void Promise.all([
      client.fetchQuery(getMediaItemQueryOptions(id)),
      withMoreStyles(import('../../features/media/components/media-preview')),
    ]).then(([media, { MediaPreview }]) => {
      modals.open({ title: media.filename, size: 'lg', children: <MediaPreview media={media} /> });
    });
  },
  website: (id, _title, client) => {
    void client.fetchQuery(getWebsitesQueryOptions()).then((sites) => {
      const website = sites.find((site) => site.id === id);
      if (website) {
        modals.openContextModal({
          modal: 'website',
          title: translate('app', 'websites.editTitle', { name: website.name }),
          innerProps: { website },
        });
      }
    });
  },
};

/**
 * Opens the item a search result points at (`/campaigns?campaign=ID`, `/publishers?publisher=ID`, …),
 * then drops the parameter so going back or reloading does not open it again.
 */
export function SearchDeepLinks() {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const found = Object.keys(OPENERS).find((name) => params.get(name));
    if (!found) return;
    const state = location.state as { searchTitle?: string } | null;
    OPENERS[found]!(params.get(found)!, state?.searchTitle, client);
    params.delete(found);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [location, navigate, client]);

  return null;
}
