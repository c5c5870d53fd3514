import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { WebsitesTable } from '../../../features/websites/components/websites-table';
import type { Website } from '../../../features/websites/types';
import { RoleNotice } from './role-notice';
import { translate, useTranslation } from '../../../lib/i18n';

function openWebsite(website?: Website) {
  modals.openContextModal({
    modal: 'website',
    title: website
      ? translate('app', 'websites.editTitle', { name: website.name })
      : translate('app', 'websites.addTitle'),
    innerProps: { website },
  });
}

function confirmDelete(website: Website): Promise<boolean> {
  return new Promise((resolve) =>
    modals.openConfirmModal({
      title: translate('app', 'websites.deleteTitle'),
      children: <Text size="sm">{translate('app', 'websites.deleteText', { url: website.url })}</Text>,
      labels: { confirm: translate('app', 'websites.deleteTitle'), cancel: translate('app', 'cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
    }),
  );
}

export function WebsitesRoute() {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  if (user?.role !== 'publisher') {
    return <RoleNotice title={t('websites.title')} text={t('websites.notice')} />;
  }
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('websites.title')}</Title>
          <Text c="dimmed">{t('websites.text')}</Text>
        </Stack>
        <Button onClick={() => openWebsite()}>{t('websites.addTitle')}</Button>
      </Group>
      <WebsitesTable onEdit={openWebsite} confirmDelete={confirmDelete} />
    </Stack>
  );
}
