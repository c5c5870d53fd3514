import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useAdminVerifyWebsite, usePublisherWebsites } from '../api/admin-verify-website';
import { VerificationBadge } from './verification-badge';

/**
 * A publisher's websites for an admin, each with "Verify by hand": on a private install the automatic
 * check cannot reach the site, and the publisher would be stuck without it.
 */
export function PublisherWebsitesAdmin({ publisherId }: { publisherId: string }) {
  const { data, error, isPending } = usePublisherWebsites(publisherId);
  const verify = useAdminVerifyWebsite();
  return (
    <Stack gap="xs" mt="md">
      <Title order={3} size="h5">
        Websites
      </Title>
      {isPending && <Loader size="sm" aria-label="Loading websites" />}
      {error && (
        <Alert color="red" variant="light">
          {errorMessage(error, 'Could not load the websites.')}
        </Alert>
      )}
      {verify.error && (
        <Alert color="red" variant="light">
          {errorMessage(verify.error, 'The website was not verified.')}
        </Alert>
      )}
      {data?.length === 0 && <Text c="dimmed">No websites yet.</Text>}
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
                aria-label={`Verify ${site.name} by hand`}
                onClick={() =>
                  verify.mutate(site.id, {
                    onSuccess: (w) =>
                      showToast({
                        title: 'Website verified',
                        message: `${w.name} is verified; the publisher was told.`,
                        color: 'green',
                      }),
                  })
                }
              >
                Verify by hand
              </Button>
            )}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
