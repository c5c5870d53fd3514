import { PlaceholderPage } from '../../../components/placeholder-page';
import { AdminOnly } from './admin-only';

export function AdminPayoutsRoute() {
  return (
    <AdminOnly>
      <PlaceholderPage
        title="Payouts"
        description="Approve payouts and record payments. Payouts arrive with the payouts release."
      />
    </AdminOnly>
  );
}
