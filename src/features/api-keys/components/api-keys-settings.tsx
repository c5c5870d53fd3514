import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useApiKeys } from '../api/get-api-keys';
import type { CreatedApiKey } from '../types';
import { ApiKeyList } from './api-key-list';
import { CreateApiKeyForm } from './create-api-key-form';
import { NewApiKeySecret } from './new-api-key-secret';
import { useTranslation } from '../../../lib/i18n';

/** Settings → API keys: create a key (its secret shown once), see when each was last used, revoke. */
export function ApiKeysSettings() {
  const { t } = useTranslation('api-keys');
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('intro.before')} <code>Authorization: Bearer afk_…</code>. {t('intro.middle')}{' '}
        <a href="/api/docs">{t('intro.docs')}</a>
        {t('intro.after')}
      </Text>
      {created && <NewApiKeySecret created={created} onDone={() => setCreated(null)} />}
      {!creating && (
        <Button variant="light" onClick={() => setCreating(true)} style={{ alignSelf: 'flex-start' }}>
          {t('new')}
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
          title={t('list.loadError')}
          error={keys.error}
          retrying={keys.isFetching}
          onRetry={() => void keys.refetch()}
        />
      ) : keys.data ? (
        <ApiKeyList keys={keys.data} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('list.loading')}
        </Text>
      )}
    </Stack>
  );
}
