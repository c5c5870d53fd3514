import { ActionIcon, Group, Kbd, Text, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { SearchIcon } from '../../../components/icons';
import { openSearch } from '../search-spotlight-store';
import { useTranslation } from '../../../lib/i18n';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The header's search box: opens the global search (as Ctrl/Cmd+K does); an icon on narrow screens. */
export function HeaderSearch() {
  const { t } = useTranslation('search');
  // The dialog registers the same shortcut, but mounts only when first asked for
  // (../search-spotlight-store.ts): from here Ctrl/Cmd+K works from the start. Opening twice is a no-op.
  useHotkeys([['mod+K', openSearch]], []);
  return (
    <>
      <UnstyledButton
        onClick={openSearch}
        // Named by its content ("Search Ctrl + K"): a label must contain the visible text (WCAG 2.5.3).
        aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
        visibleFrom="sm"
        px="sm"
        h={34}
        w={260}
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-default)',
        }}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={8} wrap="nowrap">
            <SearchIcon />
            <Text size="sm" c="dimmed">
              {t('label')}
            </Text>
          </Group>
          <Kbd size="xs">{isMac ? '⌘ K' : 'Ctrl + K'}</Kbd>
        </Group>
      </UnstyledButton>
      <ActionIcon variant="default" size="lg" onClick={openSearch} aria-label={t('label')} hiddenFrom="sm">
        <SearchIcon />
      </ActionIcon>
    </>
  );
}
