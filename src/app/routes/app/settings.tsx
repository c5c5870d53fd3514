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
import { UiPreferencesForm } from '../../../features/settings/components/ui-preferences-form';
import { ReferralSettingsSection } from '../../../features/settings/components/referral-settings-form';
import { useEffectiveCurrency } from '../../hooks/use-effective-currency';
import { useTranslation } from '../../../lib/i18n';

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
  const { t } = useTranslation('app');
  const user = useAuthUser();
  const { currency, setCurrency } = useEffectiveCurrency();
  const { t: tf } = useTranslation('fraud');
  const { t: tr } = useTranslation('referrals');
  if (!user) return null;

  return (
    <Stack gap="xl">
      <Title order={1}>{t('settings.title')}</Title>
      {user.role === 'admin' && (
        <SettingsCard title={t('settings.platform')}>
          <AdminSettingsSection />
          <Text size="sm">
            {t('settings.auditBefore')}{' '}
            <Anchor component={Link} to="/admin-audit-log">
              {t('settings.auditLink')}
            </Anchor>
            .
          </Text>
        </SettingsCard>
      )}
      {user.role === 'admin' && (
        <SettingsCard title={tr('settings.title')}>
          <ReferralSettingsSection />
        </SettingsCard>
      )}
      {user.role === 'admin' && (
        <SettingsCard title={tf('settings.title')}>
          <FraudSettingsSection />
        </SettingsCard>
      )}
      {user.role === 'admin' && (
        <SettingsCard title={t('settings.mail')}>
          <OutgoingMailNote />
        </SettingsCard>
      )}
      {user.role === 'admin' && (
        <SettingsCard title={t('settings.rates')}>
          <RatesHealthCard />
        </SettingsCard>
      )}
      <SettingsCard title={t('settings.preferences')}>
        <UiPreferencesForm role={user.role} currency={currency} onCurrencyChange={setCurrency} />
      </SettingsCard>
      <PushSettings />
      <SettingsCard title={t('settings.apiKeys')}>
        <ApiKeysSettings />
      </SettingsCard>
      {(user.role === 'advertiser' || user.role === 'admin') && (
        <SettingsCard title={t('settings.webhooks')}>
          <WebhooksSettings />
        </SettingsCard>
      )}
      {user.role === 'publisher' && (
        <SettingsCard title={t('settings.postbacks')}>
          <PostbacksSettings />
        </SettingsCard>
      )}
      <SettingsCard title={t('settings.profile')}>
        <Group gap="xs">
          <Text size="sm">{t('settings.profileText')}</Text>
          <Anchor component={Link} to="/profile" size="sm">
            {t('settings.editProfile')}
          </Anchor>
        </Group>
      </SettingsCard>
    </Stack>
  );
}
