import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ApiKeysSettings } from '../../../features/api-keys/components/api-keys-settings';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { PostbacksSettings } from '../../../features/integrations/components/postbacks-settings';
import { WebhooksSettings } from '../../../features/integrations/components/webhooks-settings';
import { RatesHealthCard } from '../../../features/currency/components/rates-health-card';
import { PushSettings } from '../../../features/push/components/push-settings';
import { OutgoingMailNote } from '../../../features/admin/components/mail-outbox-panel';
import { AdminSettingsSection } from '../../../features/settings/components/admin-settings-form';
import { FraudSettingsSection } from '../../../features/fraud/components/fraud-settings-form';
import { useTranslation } from '../../../lib/i18n';
import { UiPreferencesForm } from '../../../features/settings/components/ui-preferences-form';
import { useEffectiveCurrency } from '../../hooks/use-effective-currency';

function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** /settings: admins edit the platform settings; everyone keeps their own preferences here. */
export function SettingsRoute() {
  const user = useAuthUser();
  const { currency, setCurrency } = useEffectiveCurrency();
  const { t } = useTranslation('fraud');
  if (!user) return null;

  return (
    <Stack gap="xl">
      <Title order={1}>Settings</Title>
      {user.role === 'admin' && (
        <SettingsCard title="Platform settings">
          <AdminSettingsSection />
          <Text size="sm">
            Every change here is recorded in the{' '}
            <Anchor component={Link} to="/admin-audit-log">
              audit log
            </Anchor>
            .
          </Text>
        </SettingsCard>
      )}
      {user.role === 'admin' && (
        <SettingsCard title={t('settings.title')}>
          <FraudSettingsSection />
        </SettingsCard>
      )}
      {user.role === 'admin' && (
        <SettingsCard title="Outgoing mail">
          <OutgoingMailNote />
        </SettingsCard>
      )}
      {user.role === 'admin' && (
        <SettingsCard title="Exchange rates">
          <RatesHealthCard />
        </SettingsCard>
      )}
      <SettingsCard title="Your preferences">
        <UiPreferencesForm role={user.role} currency={currency} onCurrencyChange={setCurrency} />
      </SettingsCard>
      <PushSettings />
      <SettingsCard title="API keys">
        <ApiKeysSettings />
      </SettingsCard>
      {(user.role === 'advertiser' || user.role === 'admin') && (
        <SettingsCard title="Webhooks">
          <WebhooksSettings />
        </SettingsCard>
      )}
      {user.role === 'publisher' && (
        <SettingsCard title="Postbacks">
          <PostbacksSettings />
        </SettingsCard>
      )}
      <SettingsCard title="Your profile">
        <Group gap="xs">
          <Text size="sm">Name, company or display name, country and password:</Text>
          <Anchor component={Link} to="/profile" size="sm">
            Edit your profile
          </Anchor>
        </Group>
      </SettingsCard>
    </Stack>
  );
}
