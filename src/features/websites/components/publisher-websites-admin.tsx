import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useAdminVerifyWebsite, usePublisherWebsites } from '../api/admin-verify-website';
import { VerificationBadge } from './verification-badge';

/**
 * A publisher's websites for an admin, each with "Verify by hand": on a private install the automatic
 * check cannot reach the site, and the publisher would be stuck without it.
 */
export function PublisherWebsitesAdmin({ publisherId }: { publisherId: string }) {
  const { t } = useTranslation('websites');
  const { data, error, isPending } = usePublisherWebsites(publisherId);
  const verify = useAdminVerifyWebsite();
  return (
    <Stack gap="xs" mt="md">
      <Title order={3} size="h5">
        {t('admin.title')}
      </Title>
      {isPending && <Loader size="sm" aria-label={t('list.loading')} />}
      {error && (
        <Alert color="red" variant="light">
          {errorMessage(error, t('admin.loadError'))}
        </Alert>
      )}
      {verify.error && (
        <Alert color="red" variant="light">
          {errorMessage(verify.error, t('admin.verifyError'))}
        </Alert>
      )}
      {data?.length === 0 && <Text c="dimmed">{t('admin.empty')}</Text>}
      {data?.map((site) => (
        <Group key={site.id} justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {site.name}
            </Text>
            <Anchor href={site.url} target="_blank" rel="noreferrer" size="xs" truncate>
              {site.url}
            </Anchor>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <VerificationBadge status={site.verification_status} />
            {site.verification_status !== 'verified' && (
              <Button
                size="xs"
                variant="light"
                loading={verify.isPending && verify.variables === site.id}
                aria-label={t('admin.verifyLabel', { name: site.name })}
                onClick={() =>
                  verify.mutate(site.id, {
                    onSuccess: (w) =>
                      showToast({
                        title: t('admin.verified'),
                        message: t('admin.verifiedText', { name: w.name }),
                        color: 'green',
                      }),
                  })
                }
              >
                {t('admin.verify')}
              </Button>
            )}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
