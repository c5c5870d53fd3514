import { Stack, Title } from '@mantine/core';
import { useAuth } from '../../../features/auth/stores/auth-store';
import { AdminSettingsView } from '../../../features/settings/components/admin-settings-view';
import { UiPreferencesForm } from '../../../features/settings/components/ui-preferences-form';
import { useEffectiveCurrency } from '../../hooks/use-effective-currency';

export function SettingsRoute() {
  const { user } = useAuth();
  const { currency, setCurrency } = useEffectiveCurrency();
  if (!user) return null;

  return (
    <Stack gap="xl">
      <Title order={1}>Settings</Title>
      {user.role === 'admin' && (
        <Stack gap="sm">
          <Title order={2} size="h3">
            Platform settings
          </Title>
          <AdminSettingsView />
        </Stack>
      )}
      <Stack gap="sm">
        <Title order={2} size="h3">
          Your preferences
        </Title>
        <UiPreferencesForm role={user.role} currency={currency} onCurrencyChange={setCurrency} />
      </Stack>
    </Stack>
  );
}
