import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useApiKeys } from '../api/get-api-keys';
import type { CreatedApiKey } from '../types';
import { ApiKeyList } from './api-key-list';
import { CreateApiKeyForm } from './create-api-key-form';
import { NewApiKeySecret } from './new-api-key-secret';

/** Settings → API keys: create a key (its secret shown once), see when each was last used, revoke. */
export function ApiKeysSettings() {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Scripts and other systems call the API with a key instead of your password:{' '}
        <code>Authorization: Bearer afk_…</code>. A key acts as you, within its scope; it can never manage
        keys, your password or e-mail. Try it in the <a href="/api/docs">API documentation</a>.
      </Text>
      {created && <NewApiKeySecret created={created} onDone={() => setCreated(null)} />}
      {!creating && (
        <Button variant="light" onClick={() => setCreating(true)} style={{ alignSelf: 'flex-start' }}>
          New API key
        </Button>
      )}
      {creating && (
        <CreateApiKeyForm
          onCreated={(key) => {
            setCreated(key);
            setCreating(false);
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {keys.isError ? (
        <LoadErrorAlert
          title="Could not load your API keys"
          error={keys.error}
          retrying={keys.isFetching}
          onRetry={() => void keys.refetch()}
        />
      ) : keys.data ? (
        <ApiKeyList keys={keys.data} />
      ) : (
        <Text size="sm" c="dimmed">
          Loading your keys…
        </Text>
      )}
    </Stack>
  );
}
