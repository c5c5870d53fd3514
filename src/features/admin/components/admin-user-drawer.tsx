import { Alert, Badge, Divider, Drawer, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { countryName } from '../../../lib/countries';
import { displaySum, useDisplayMoney } from '../../../lib/display-money';
import { formatMoney } from '../../../lib/format';
import { useAdminUser } from '../api/get-admin-user';
import { ROLE_LABELS, userLabel, type AdminUserDetail } from '../types';
import { formatDate } from '../../../lib/format-date';
import { UserActions } from './user-actions';
import { UserStatusBadge } from './user-status-badge';

interface AdminUserDrawerProps {
  userId: string | null;
  /** shown as the title until the details have loaded */
  fallbackTitle: string;
  currentUserId: string;
  onClose(): void;
}

/** One account: profile, websites or campaigns, commission totals and the admin's actions. */
export function AdminUserDrawer({ userId, fallbackTitle, currentUserId, onClose }: AdminUserDrawerProps) {
  const { data, error, isPending } = useAdminUser(userId);
  return (
    <Drawer
      opened={userId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={data ? userLabel(data) : fallbackTitle}
    >
      {userId !== null && isPending && <Loader size="sm" aria-label="Loading account" />}
      {error && (
        <Alert color="red" variant="light">
          {errorMessage(error, 'Could not load the account.')}
        </Alert>
      )}
      {data && <UserDetails user={data} currentUserId={currentUserId} />}
    </Drawer>
  );
}

const PROFILE_LABELS: [keyof AdminUserDetail['profile'], string][] = [
  ['company_name', 'Company'],
  ['display_name', 'Display name'],
  ['website', 'Website'],
  ['country', 'Country'],
  ['billing_address', 'Billing address'],
  ['vat_id', 'VAT ID'],
  ['payout_method', 'Payout method'],
  ['payout_details', 'Payout details'],
  ['tax_id', 'Tax ID'],
];

const PAYOUT_METHOD_LABELS: Record<string, string> = { bank_transfer: 'Bank transfer', paypal: 'PayPal' };

/** A profile field as people read it: "United Kingdom", not "GB"; "Bank transfer", not "bank_transfer". */
function profileValue(key: keyof AdminUserDetail['profile'], value: string): string {
  if (key === 'payout_method') return PAYOUT_METHOD_LABELS[value] ?? value;
  if (key === 'country') return countryName(value);
  return value;
}

function Rows({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <Table withRowBorders={false} verticalSpacing={4} aria-label={label}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" w={180}>
              {name}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function UserDetails({ user, currentUserId }: { user: AdminUserDetail; currentUserId: string }) {
  const profileRows = PROFILE_LABELS.filter(([key]) => user.profile[key]).map(
    ([key, label]): [string, ReactNode] => [label, profileValue(key, user.profile[key] ?? '')],
  );
  return (
    <Stack gap="lg">
      <UserActions user={user} currentUserId={currentUserId} />
      <Divider />
      <Section title="Account">
        <Rows
          label="Account"
          rows={[
            ['Name', user.name],
            ['Email', user.email],
            ['Role', ROLE_LABELS[user.role]],
            ['Status', <UserStatusBadge key="status" status={user.status} />],
            ['Onboarding', user.onboarding_completed ? 'Completed' : 'Not completed'],
            ['Preferred currency', user.preferred_currency ?? 'Not chosen'],
            ['Joined', formatDate(user.created_at)],
          ]}
        />
      </Section>
      <Section title="Profile">
        {profileRows.length > 0 ? (
          <Rows label="Profile" rows={profileRows} />
        ) : (
          <Text c="dimmed" size="sm">
            No profile details yet.
          </Text>
        )}
      </Section>
      {user.role === 'publisher' && (
        <Section title="Websites">
          {user.websites.length === 0 ? (
            <Text c="dimmed" size="sm">
              No websites.
            </Text>
          ) : (
            <List spacing={4} aria-label="Websites">
              {user.websites.map((website) => (
                <List.Item key={website.id}>
                  {website.name} ({website.url}){' '}
                  <Badge size="sm" variant="light" color="gray">
                    {website.verification_status}
                  </Badge>
                </List.Item>
              ))}
            </List>
          )}
        </Section>
      )}
      {user.role === 'advertiser' && (
        <Section title="Campaigns">
          {user.campaigns.length === 0 ? (
            <Text c="dimmed" size="sm">
              No campaigns.
            </Text>
          ) : (
            <List spacing={4} aria-label="Campaigns">
              {user.campaigns.map((campaign) => (
                <List.Item key={campaign.id}>
                  {campaign.name} ({campaign.currency}){' '}
                  <Badge size="sm" variant="light" color="gray">
                    {campaign.status}
                  </Badge>
                </List.Item>
              ))}
            </List>
          )}
        </Section>
      )}
      {user.role !== 'admin' && (
        <Section title="Commission totals">
          <CommissionTotals user={user} />
        </Section>
      )}
    </Stack>
  );
}

const TOTAL_COLUMNS = [
  ['Pending', 'pending_minor'],
  ['Approved', 'approved_minor'],
  ['Paid', 'paid_minor'],
] as const;

/**
 * One row a currency, in that currency (a row headed "GBP" shows pounds); with more than one currency,
 * a last row adds them up in the display currency.
 */
function CommissionTotals({ user }: { user: AdminUserDetail }) {
  const display = useDisplayMoney();
  const totals = user.commission_totals;
  if (totals.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No commissions yet.
      </Text>
    );
  }
  const sums =
    totals.length > 1
      ? TOTAL_COLUMNS.map(([label, key]) => ({
          label,
          sum: displaySum(
            totals.map((total) => ({ amountMinor: total[key], currency: total.currency })),
            display,
          ),
        }))
      : [];
  return (
    <Table withTableBorder aria-label="Commission totals">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Currency</Table.Th>
          {TOTAL_COLUMNS.map(([label]) => (
            <Table.Th key={label}>{label}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {totals.map((total) => (
          <Table.Tr key={total.currency}>
            <Table.Th scope="row">{total.currency}</Table.Th>
            {TOTAL_COLUMNS.map(([label, key]) => (
              <Table.Td key={label}>{formatMoney(total[key], total.currency)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
      {display && sums.length > 0 && sums.every(({ sum }) => sum !== null) && (
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">All, in {display.currency}</Table.Th>
            {sums.map(({ label, sum }) => (
              <Table.Td key={label} fw={600}>
                {sum}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      )}
    </Table>
  );
}
