import { Alert, Badge, Divider, Drawer, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { countryName } from '../../../lib/countries';
import { displaySum, useDisplayMoney } from '../../../lib/display-money';
import { formatMoney } from '../../../lib/format';
import { useAdminUser } from '../api/get-admin-user';
import { msgKey, translate, useTranslation } from '../../../lib/i18n';
import { userLabel, type AdminUserDetail } from '../types';
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
  const { t } = useTranslation('admin');
  const { data, error, isPending } = useAdminUser(userId);
  return (
    <Drawer
      opened={userId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
      title={data ? userLabel(data) : fallbackTitle}
    >
      {userId !== null && isPending && <Loader size="sm" aria-label={t('user.loading')} />}
      {error && (
        <Alert color="red" variant="light">
          {errorMessage(error, t('user.loadError'))}
        </Alert>
      )}
      {data && <UserDetails user={data} currentUserId={currentUserId} />}
    </Drawer>
  );
}

const PROFILE_LABELS: [keyof AdminUserDetail['profile'], string][] = [
  ['company_name', msgKey('profile.company')],
  ['display_name', msgKey('profile.displayName')],
  ['website', msgKey('profile.website')],
  ['country', msgKey('profile.country')],
  ['billing_address', msgKey('profile.billingAddress')],
  ['vat_id', msgKey('profile.vatId')],
  ['payout_method', msgKey('profile.payoutMethod')],
  ['payout_details', msgKey('profile.payoutDetails')],
  ['tax_id', msgKey('profile.taxId')],
];

const PAYOUT_METHOD_LABELS: Record<string, string> = {
  bank_transfer: msgKey('profile.method.bankTransfer'),
  paypal: msgKey('profile.method.paypal'),
};

/** A profile field as people read it: "United Kingdom", not "GB"; "Bank transfer", not "bank_transfer". */
function profileValue(
  key: keyof AdminUserDetail['profile'],
  value: string,
  t: (key: string) => string,
): string {
  if (key === 'payout_method') {
    const label = PAYOUT_METHOD_LABELS[value];
    return label ? t(label) : value;
  }
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
  const { t } = useTranslation('admin');
  const profileRows = PROFILE_LABELS.filter(([key]) => user.profile[key]).map(
    ([key, label]): [string, ReactNode] => [t(label), profileValue(key, user.profile[key] ?? '', t)],
  );
  return (
    <Stack gap="lg">
      <UserActions user={user} currentUserId={currentUserId} />
      <Divider />
      <Section title={t('user.account')}>
        <Rows
          label={t('user.account')}
          rows={[
            [t('user.name'), user.name],
            [t('user.email'), user.email],
            [t('user.role'), t(`role.${user.role}`)],
            [t('user.status'), <UserStatusBadge key="status" status={user.status} />],
            [t('user.onboarding'), user.onboarding_completed ? t('user.completed') : t('user.notCompleted')],
            [t('user.currency'), user.preferred_currency ?? t('user.notChosen')],
            [t('user.joined'), formatDate(user.created_at)],
          ]}
        />
      </Section>
      <Section title={t('user.profile')}>
        {profileRows.length > 0 ? (
          <Rows label={t('user.profile')} rows={profileRows} />
        ) : (
          <Text c="dimmed" size="sm">
            {t('user.noProfile')}
          </Text>
        )}
      </Section>
      {user.role === 'publisher' && (
        <Section title={t('user.websites')}>
          {user.websites.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('user.noWebsites')}
            </Text>
          ) : (
            <List spacing={4} aria-label={t('user.websites')}>
              {user.websites.map((website) => (
                <List.Item key={website.id}>
                  {website.name} ({website.url}){' '}
                  <Badge size="sm" variant="light" color="gray">
                    {translate('common', `status.website.${website.verification_status}`)}
                  </Badge>
                </List.Item>
              ))}
            </List>
          )}
        </Section>
      )}
      {user.role === 'advertiser' && (
        <Section title={t('user.campaigns')}>
          {user.campaigns.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('user.noCampaigns')}
            </Text>
          ) : (
            <List spacing={4} aria-label={t('user.campaigns')}>
              {user.campaigns.map((campaign) => (
                <List.Item key={campaign.id}>
                  {campaign.name} ({campaign.currency}){' '}
                  <Badge size="sm" variant="light" color="gray">
                    {translate('common', `status.campaign.${campaign.status}`)}
                  </Badge>
                </List.Item>
              ))}
            </List>
          )}
        </Section>
      )}
      {user.role !== 'admin' && (
        <Section title={t('totals.title')}>
          <CommissionTotals user={user} />
        </Section>
      )}
    </Stack>
  );
}

const TOTAL_COLUMNS = [
  [msgKey('totals.pending'), 'pending_minor'],
  [msgKey('totals.approved'), 'approved_minor'],
  [msgKey('totals.paid'), 'paid_minor'],
] as const;

/**
 * One row a currency, in that currency (a row headed "GBP" shows pounds); with more than one currency,
 * a last row adds them up in the display currency.
 */
function CommissionTotals({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const display = useDisplayMoney();
  const totals = user.commission_totals;
  if (totals.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('totals.none')}
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
    <Table withTableBorder aria-label={t('totals.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('totals.currency')}</Table.Th>
          {TOTAL_COLUMNS.map(([label]) => (
            <Table.Th key={label}>{t(label)}</Table.Th>
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
            <Table.Th scope="row">{t('totals.all', { currency: display.currency })}</Table.Th>
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
