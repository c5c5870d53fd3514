import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { PublishersDirectory } from '../../../features/publishers/components/publishers-directory';
import { openPublisherCard } from './marketplace-modal-contents';
import { RoleNotice } from './role-notice';
import { useTranslation } from '../../../lib/i18n';

export function PublishersRoute() {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  if (user?.role === 'publisher') {
    return <RoleNotice title={t('publishers.title')} text={t('publishers.notice')} />;
  }
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('publishers.title')}</Title>
          <Text c="dimmed">{t('publishers.text')}</Text>
        </Stack>
        <Button
          variant="default"
          onClick={() =>
            modals.openContextModal({
              modal: 'publisherSearch',
              title: t('publishers.searchTitle'),
              innerProps: {},
            })
          }
        >
          {t('quickSearch')}
        </Button>
      </Group>
      <PublishersDirectory onOpen={openPublisherCard} />
    </Stack>
  );
}
