import { Alert, Loader, Table } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useAdminSettings } from '../api/get-admin-settings';

function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Read-only for now; editing arrives with the admin settings release. */
export function AdminSettingsView() {
  const settings = useAdminSettings({ enabled: true });

  if (settings.isPending) return <Loader aria-label="Loading" />;
  if (settings.isError) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(settings.error, 'Could not load the platform settings.')}
      </Alert>
    );
  }
  const s = settings.data;
  const rows: [string, string][] = [
    ['Default currency', s.default_currency],
    ['Platform fee', `${(s.platform_fee_bps / 100).toFixed(2)} %`],
    ['Minimum payout', formatMoney(s.min_payout_minor, s.default_currency)],
    ['Commission hold period', `${s.hold_days} days`],
    ['Registration requires approval', s.registration_requires_approval ? 'Yes' : 'No'],
    ['Maximum upload size', formatBytes(s.max_upload_bytes)],
    ['Exchange-rate provider', s.rates_provider_url ?? 'Built-in rates'],
  ];
  return (
    <Table withTableBorder variant="vertical" aria-label="Platform settings">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={260}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
