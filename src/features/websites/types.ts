export type { Website } from '../../../server/modules/websites/schema';
