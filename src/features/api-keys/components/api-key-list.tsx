import type { ReactNode } from 'react';
import { Alert, Badge, Button, Card, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { showFailure } from '../../../lib/toast';
import { useRevokeApiKey } from '../api/revoke-api-key';
import type { ApiKey } from '../types';
import { useTranslation } from '../../../lib/i18n';

const isExpired = (key: ApiKey) => key.expires_at !== null && Date.parse(key.expires_at) <= Date.now();

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** One card per key (they stack on a phone): prefix, scope, when made and last used, and "Revoke". */
export function ApiKeyList({ keys }: { keys: ApiKey[] }) {
  const { t } = useTranslation('api-keys');
  const revoke = useRevokeApiKey();

  const confirmRevoke = (key: ApiKey) =>
    modals.openConfirmModal({
      title: t('revoke.title', { name: key.name }),
      children: (
        <Text size="sm">
          {t('revoke.textBefore')} <Code>{key.prefix}…</Code> {t('revoke.textAfter')}
        </Text>
      ),
      labels: { confirm: t('revoke.confirm'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(key.id, {
          onError: showFailure(t('revoke.failed')),
        }),
    });

  if (keys.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('list.empty')}
      </Text>
    );
  }

  return (
    <Stack gap="sm" role="list" aria-label={t('list.label')}>
      {keys.map((key) => (
        <Card key={key.id} withBorder padding="sm" role="listitem">
          <Stack gap="xs">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {key.name}
              </Text>
              <Group gap={4}>
                <Badge variant="light" color={key.scope === 'full' ? 'orange' : 'blue'}>
                  {key.scope === 'full' ? t('scope.full') : t('scope.read')}
                </Badge>
                {isExpired(key) && (
                  <Badge variant="light" color="gray">
                    {t('list.expired')}
                  </Badge>
                )}
              </Group>
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" verticalSpacing={4}>
              <Fact label={t('list.key')}>
                <Code>{key.prefix}…</Code>
              </Fact>
              <Fact label={t('list.created')}>{formatDateTime(key.created_at)}</Fact>
              <Fact label={t('list.lastUsed')}>
                {key.last_used_at
                  ? key.last_used_ip
                    ? t('list.usedFrom', { date: formatDateTime(key.last_used_at), ip: key.last_used_ip })
                    : formatDateTime(key.last_used_at)
                  : t('never')}
              </Fact>
              <Fact label={t('list.expires')}>{formatDateTime(key.expires_at, t('never'))}</Fact>
            </SimpleGrid>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="xs" c="dimmed">
                {key.resources.length === 0
                  ? t('resources.all')
                  : t('resources.only', { list: key.resources.map((r) => t(`resource.${r}`)).join(', ') })}
              </Text>
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => confirmRevoke(key)}
                aria-label={t('revoke.label', { name: key.name })}
              >
                {t('revoke.button')}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      {revoke.isError && (
        <Alert color="red" variant="light">
          {errorMessage(revoke.error, t('revoke.error'))}
        </Alert>
      )}
    </Stack>
  );
}
