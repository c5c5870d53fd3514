import { Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { InvoicesPanel } from '../../../features/invoices/components/invoices-panel';
import { RoleNotice } from './role-notice';
import { useTranslation } from '../../../lib/i18n';

/** /invoices (and /invoices?id=… with that invoice open, the link an "invoice issued" notification carries). */
export function InvoicesRoute() {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  if (user.role === 'publisher') {
    return (
      <RoleNotice
        title={t('invoices.title')}
        text={t('invoices.publisherText')}
        link={{ to: '/commissions', label: t('invoices.publisherLink') }}
      />
    );
  }
  const openId = params.get('id');
  const open = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('id', id);
        else next.delete('id');
        return next;
      },
      { replace: id === null },
    );
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('invoices.title')}</Title>
        <Text c="dimmed">
          {user.role === 'admin' ? t('invoices.text.admin') : t('invoices.text.advertiser')}
        </Text>
      </Stack>
      <InvoicesPanel viewer={user.role} openId={openId} onOpen={open} />
    </Stack>
  );
}
