import { ActionIcon, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { ReloadIcon } from '../../components/icons';

interface ErrorScreenProps {
  onGoBack?: () => void;
  onReload?: () => void;
}

const goBack = () => window.history.back();
const reload = () => window.location.reload();

/** Shown on an unexpected render error (spec §2). The reload button has no visible label by design. */
export function ErrorScreen({ onGoBack = goBack, onReload = reload }: ErrorScreenProps) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" maw={480} ta="center">
        <Title order={1}>Oops! Something went wrong</Title>
        <Text c="dimmed">
          We&apos;re sorry, but something unexpected happened. Our team has been notified.
        </Text>
        <Group>
          <Button onClick={onGoBack}>Go Back</Button>
          <ActionIcon variant="default" size="lg" aria-label="Reload page" onClick={onReload}>
            <ReloadIcon />
          </ActionIcon>
        </Group>
      </Stack>
    </Center>
  );
}
