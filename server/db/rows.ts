// Row types of tables whose rows several modules pass around (a campaign's terms price a conversion in
// tracking and a commission in commissions). Writing the rows stays with the owning module.
import type { commissions } from './schema/commissions';
import type { campaigns } from './schema/marketplace';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CommissionRow = typeof commissions.$inferSelect;
