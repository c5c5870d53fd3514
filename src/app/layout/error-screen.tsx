import { ActionIcon, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { ReloadIcon } from '../../components/icons';
import { translate } from '../../lib/i18n';

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
        <Title order={1}>{translate('app', 'error.title')}</Title>
        <Text c="dimmed">{translate('app', 'error.text')}</Text>
        <Group>
          <Button onClick={onGoBack}>{translate('app', 'error.back')}</Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={translate('app', 'error.reload')}
            onClick={onReload}
          >
            <ReloadIcon />
          </ActionIcon>
        </Group>
      </Stack>
    </Center>
  );
}
