import { ActionIcon } from '@mantine/core';
import { MoonIcon, SunIcon } from '../../components/icons';
import { useUiPreferences } from '../../lib/ui-preferences';

export function ThemeToggle() {
  const [prefs, update] = useUiPreferences();
  const dark = prefs.theme === 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Toggle color scheme"
      title={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={() => update({ theme: dark ? 'light' : 'dark' })}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </ActionIcon>
  );
}
