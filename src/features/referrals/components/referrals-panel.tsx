import { Alert, Button, Card, Code, CopyButton, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { bpsToPercentInput } from '../../../lib/money-input';
import { useReferrals } from '../api/get-referrals';
import type { Referrals } from '../types';

/** A publisher's referral programme: their link to share, the terms, and whom they brought in. */
export function ReferralsPanel() {
  const { t } = useTranslation('referrals');
  const referrals = useReferrals();
  if (referrals.isPending) return <Loader aria-label={t('page.loading')} />;
  if (referrals.isError) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(referrals.error, t('page.loadFailed'))}
      </Alert>
    );
  }
  return (
    <Stack>
      <ReferralLink data={referrals.data} />
      <ReferredList data={referrals.data} />
    </Stack>
  );
}

function ReferralLink({ data }: { data: Referrals }) {
  const { t } = useTranslation('referrals');
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('link.title')}
        </Title>
        <Code block aria-label={t('link.label')} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {data.link}
        </Code>
        <Group gap="xs">
          <CopyButton value={data.link}>
            {({ copied, copy }) => (
              <Button size="sm" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? t('link.copied') : t('link.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        {data.enabled ? (
          <Text size="sm">
            {t('terms.on', { share: bpsToPercentInput(data.share_bps), months: data.months })}
          </Text>
        ) : (
          <Alert color="gray" variant="light" title={t('terms.offTitle')}>
            {t('terms.off')}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function ReferredList({ data }: { data: Referrals }) {
  const { t } = useTranslation('referrals');
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('list.title', { count: data.referred.length })}
      </Title>
      {data.referred.length === 0 ? (
        <Text c="dimmed">{t('list.empty')}</Text>
      ) : (
        <DataTable
          minWidth={520}
          aria-label={t('list.label')}
          head={[t('list.name'), t('list.joined'), t('list.earned')]}
          cards={['title', 'field', { amount: t('list.earned') }]}
        >
          <Table.Tbody>
            {data.referred.map((r) => (
              <Table.Tr key={r.publisher_id}>
                <Table.Td>{r.display_name}</Table.Td>
                <Table.Td>{formatDate(r.joined_at)}</Table.Td>
                <Table.Td ta="right">
                  <Money amountMinor={r.earned_minor} currency={r.currency} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      )}
    </Stack>
  );
}
