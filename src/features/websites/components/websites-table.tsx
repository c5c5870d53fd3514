import { Alert, Button, Group, Loader, Table, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { RowMenu } from '../../../components/row-menu';
import { errorMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format-number';
import { useTranslation } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/toast';
import { usePhone } from '../../../lib/use-phone';
import { useDeleteWebsite } from '../api/delete-website';
import { useWebsites } from '../api/get-websites';
import type { Website } from '../types';
import { VerificationBadge } from './verification-badge';
import { VerifyPanel } from './verify-panel';

interface WebsitesTableProps {
  onEdit(website: Website): void;
  /** Asks the user to confirm; resolves true to go ahead. */
  confirmDelete(website: Website): Promise<boolean>;
}

const COLUMNS = 6;

/** The publisher's own websites; one verify panel open at a time. */
export function WebsitesTable({ onEdit, confirmDelete }: WebsitesTableProps) {
  const { t } = useTranslation('websites');
  const { data, error, isPending } = useWebsites();
  const remove = useDeleteWebsite();
  const [openId, setOpenId] = useState<string | null>(null);
  const phone = usePhone();

  if (isPending) return <Loader size="sm" aria-label={t('list.loading')} />;
  if (error) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(error, t('list.loadError'))}
      </Alert>
    );
  }
  const askDelete = (website: Website) =>
    void confirmDelete(website).then(
      (ok) =>
        ok && remove.mutate(website.id, { onSuccess: () => showSuccess(t('list.deleted'), website.name) }),
    );

  if (data.length === 0) return <Text c="dimmed">{t('list.empty')}</Text>;

  return (
    <>
      {remove.error && (
        <Alert color="red" variant="light">
          {errorMessage(remove.error, t('list.deleteError'))}
        </Alert>
      )}
      <DataTable
        minWidth={720}
        verticalSpacing="sm"
        aria-label={t('list.label')}
        head={[
          t('col.name'),
          t('col.url'),
          t('col.category'),
          t('col.visitors'),
          t('col.verification'),
          t('col.actions'),
        ]}
        cards={['title', 'subtitle', 'field', 'field', 'status', 'actions']}
        stickyActions
      >
        <Table.Tbody>
          {data.map((website) => (
            <Fragment key={website.id}>
              <Table.Tr>
                <Table.Td fw={600}>{website.name}</Table.Td>
                <Table.Td>{website.url}</Table.Td>
                <Table.Td>{t(`category.${website.category}`)}</Table.Td>
                <Table.Td>{formatCount(website.monthly_visitors)}</Table.Td>
                <Table.Td>
                  <VerificationBadge status={website.verification_status} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button
                      size="xs"
                      variant={openId === website.id ? 'filled' : 'light'}
                      aria-expanded={openId === website.id}
                      aria-label={t('list.verificationOf', { name: website.name })}
                      onClick={() => setOpenId(openId === website.id ? null : website.id)}
                    >
                      {t('list.verification')}
                    </Button>
                    {phone ? (
                      // on a phone's card the main action stays a button, the rest go behind "…"
                      <RowMenu
                        label={t('list.more', { name: website.name })}
                        items={[
                          { label: t('list.edit'), onClick: () => onEdit(website) },
                          { label: t('list.delete'), color: 'red', onClick: () => askDelete(website) },
                        ]}
                      />
                    ) : (
                      <>
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={t('list.editLabel', { name: website.name })}
                          onClick={() => onEdit(website)}
                        >
                          {t('list.edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={t('list.deleteLabel', { name: website.name })}
                          onClick={() => askDelete(website)}
                        >
                          {t('list.delete')}
                        </Button>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
              {openId === website.id && (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS}>
                    <VerifyPanel website={website} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </DataTable>
    </>
  );
}
