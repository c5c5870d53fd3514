import { Center, Stack, Text, Title } from '@mantine/core';

/** A page that was never opened online has nothing saved on this device to show offline. */
export function OfflineUnavailable() {
  return (
    <Center mih={240} p="md">
      <Stack align="center" ta="center" maw={420} gap="xs">
        <Title order={2} size="h3">
          Not available offline yet
        </Title>
        <Text c="dimmed">
          This page has not been opened on this device while online. It loads by itself as soon as the
          connection is back; pages you have visited before keep working offline.
        </Text>
      </Stack>
    </Center>
  );
}
