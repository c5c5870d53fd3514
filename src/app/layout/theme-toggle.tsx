import { ActionIcon } from '@mantine/core';
import { MoonIcon, SunIcon } from '../../components/icons';
import { useTranslation } from '../../lib/i18n';
import { useUiPreferences } from '../../lib/ui-preferences';

export function ThemeToggle() {
  const { t } = useTranslation('layout');
  const [prefs, update] = useUiPreferences();
  const dark = prefs.theme === 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t('theme.toggle')}
      title={dark ? t('theme.toLight') : t('theme.toDark')}
      onClick={() => update({ theme: dark ? 'light' : 'dark' })}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </ActionIcon>
  );
}
