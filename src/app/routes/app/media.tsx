import { Stack, Text, Title } from '@mantine/core';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { MediaLibrary } from '../../../features/media/components/media-library';
import { useTranslation } from '../../../lib/i18n';

export function MediaRoute() {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('media.title')}</Title>
        <Text c="dimmed">
          {user?.role === 'advertiser' ? t('media.text.advertiser') : t('media.text.other')}
        </Text>
      </Stack>
      <MediaLibrary />
    </Stack>
  );
}
