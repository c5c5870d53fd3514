import { Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { InvoicesPanel } from '../../../features/invoices/components/invoices-panel';
import { RoleNotice } from './role-notice';

/** /invoices (and /invoices?id=… with that invoice open, the link an "invoice issued" notification carries). */
export function InvoicesRoute() {
  const user = useAuthUser();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  if (user.role === 'publisher') {
    return (
      <RoleNotice
        title="Invoices"
        text="Invoices bill advertisers; your payouts and their statements are on the commissions page."
        link={{ to: '/commissions', label: 'Go to commissions and payouts' }}
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
        <Title order={1}>Invoices</Title>
        <Text c="dimmed">
          {user.role === 'admin'
            ? 'Monthly advertiser invoices: generate drafts, issue them, record payments, void mistakes.'
            : 'Your monthly invoices: approved commissions on your campaigns plus the platform fee.'}
        </Text>
      </Stack>
      <InvoicesPanel viewer={user.role} openId={openId} onOpen={open} />
    </Stack>
  );
}
