export type { PublisherSummary } from '../../../server/modules/users/directory-routes';

/** Table page size (spec §9). */
export const PUBLISHER_PAGE_SIZE = 10;
