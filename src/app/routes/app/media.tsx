import { Stack, Text, Title } from '@mantine/core';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { MediaLibrary } from '../../../features/media/components/media-library';

export function MediaRoute() {
  const user = useAuthUser();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Media library</Title>
        <Text c="dimmed">
          {user?.role === 'advertiser'
            ? 'Upload banners, images, PDFs and videos; pick them as creatives on your campaigns.'
            : 'Upload images, PDFs and videos to attach to your messages.'}
        </Text>
      </Stack>
      <MediaLibrary />
    </Stack>
  );
}
