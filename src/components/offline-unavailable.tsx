import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../lib/i18n';

/** A page that was never opened online has nothing saved on this device to show offline. */
export function OfflineUnavailable() {
  const { t } = useTranslation('common');
  return (
    <Center mih={240} p="md">
      <Stack align="center" ta="center" maw={420} gap="xs">
        <Title order={2} size="h3">
          {t('offline.unavailable.title')}
        </Title>
        <Text c="dimmed">
          {t('offline.unavailable.text')}
        </Text>
      </Stack>
    </Center>
  );
}
