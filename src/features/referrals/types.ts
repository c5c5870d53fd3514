// Wire types are shared with the server; the client imports only their types.
export type { Referrals } from '../../../server/modules/referrals/schema';
