import type { ReactNode } from 'react';
import { Alert, Badge, Button, Card, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { API_KEY_RESOURCE_LABELS } from '../../../../contracts/api-keys';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { showFailure } from '../../../lib/toast';
import { useRevokeApiKey } from '../api/revoke-api-key';
import type { ApiKey } from '../types';

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
  const revoke = useRevokeApiKey();

  const confirmRevoke = (key: ApiKey) =>
    modals.openConfirmModal({
      title: `Revoke “${key.name}”?`,
      children: (
        <Text size="sm">
          Every script or service using <Code>{key.prefix}…</Code> is refused from now on. This cannot be
          undone.
        </Text>
      ),
      labels: { confirm: 'Revoke key', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(key.id, {
          onError: showFailure('The key was not revoked'),
        }),
    });

  if (keys.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        You have no API keys yet.
      </Text>
    );
  }

  return (
    <Stack gap="sm" role="list" aria-label="Your API keys">
      {keys.map((key) => (
        <Card key={key.id} withBorder padding="sm" role="listitem">
          <Stack gap="xs">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {key.name}
              </Text>
              <Group gap={4}>
                <Badge variant="light" color={key.scope === 'full' ? 'orange' : 'blue'}>
                  {key.scope === 'full' ? 'Full access' : 'Read only'}
                </Badge>
                {isExpired(key) && (
                  <Badge variant="light" color="gray">
                    Expired
                  </Badge>
                )}
              </Group>
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" verticalSpacing={4}>
              <Fact label="Key">
                <Code>{key.prefix}…</Code>
              </Fact>
              <Fact label="Created">{formatDateTime(key.created_at)}</Fact>
              <Fact label="Last used">
                {key.last_used_at
                  ? `${formatDateTime(key.last_used_at)}${key.last_used_ip ? ` from ${key.last_used_ip}` : ''}`
                  : 'Never'}
              </Fact>
              <Fact label="Expires">{formatDateTime(key.expires_at, 'Never')}</Fact>
            </SimpleGrid>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="xs" c="dimmed">
                {key.resources.length === 0
                  ? 'All resources'
                  : `Only: ${key.resources.map((r) => API_KEY_RESOURCE_LABELS[r]).join(', ')}`}
              </Text>
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => confirmRevoke(key)}
                aria-label={`Revoke ${key.name}`}
              >
                Revoke
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      {revoke.isError && (
        <Alert color="red" variant="light">
          {errorMessage(revoke.error, 'Revoking failed.')}
        </Alert>
      )}
    </Stack>
  );
}
