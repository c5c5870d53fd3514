import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { userLabel, type AdminUser, type Role, type SortOrder, type UserSortField } from '../types';
import { DataTable } from '../../../components/data-table';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { SortableTh } from './sortable-th';
import { UserStatusBadge } from './user-status-badge';

interface AdminUsersTableProps {
  userRole: Role;
  users: AdminUser[];
  sort: UserSortField;
  order: SortOrder;
  onSort(field: UserSortField): void;
  onOpen(user: AdminUser): void;
}

/** One page of accounts of one role; a row (or its name) opens the account's drawer. */
export function AdminUsersTable({
  userRole: role,
  users,
  sort,
  order,
  onSort,
  onOpen,
}: AdminUsersTableProps) {
  const { t } = useTranslation('admin');
  const { t: tv } = useTranslation('verify');
  const sortProps = { sort, order, onSort };
  return (
    <DataTable
      minWidth={760}
      highlightOnHover
      verticalSpacing="sm"
      aria-label={t('users.table', { role })}
      cards={[
        'title',
        'subtitle',
        { field: t('users.col.country') },
        'status',
        ...(role === 'advertiser'
          ? [{ field: t('users.col.campaigns') }]
          : [{ field: t('users.col.websites') }, { field: t('users.col.applications') }]),
        { field: t('users.col.joined') },
      ]}
    >
      <Table.Thead>
        <Table.Tr>
          <SortableTh field="name" {...sortProps}>
            {t('users.col.name')}
          </SortableTh>
          <SortableTh field="email" {...sortProps}>
            {t('users.col.email')}
          </SortableTh>
          <Table.Th>{t('users.col.country')}</Table.Th>
          <SortableTh field="status" {...sortProps}>
            {t('users.col.status')}
          </SortableTh>
          {role === 'advertiser' && <Table.Th>{t('users.col.campaigns')}</Table.Th>}
          {role === 'publisher' && <Table.Th>{t('users.col.websites')}</Table.Th>}
          {role === 'publisher' && <Table.Th>{t('users.col.applications')}</Table.Th>}
          <SortableTh field="created_at" {...sortProps}>
            {t('users.col.joined')}
          </SortableTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => (
          <Table.Tr key={user.id} onClick={() => onOpen(user)} style={{ cursor: 'pointer' }}>
            <Table.Td>
              <Stack gap={0}>
                <Anchor
                  component="button"
                  type="button"
                  fw={600}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(user);
                  }}
                >
                  {userLabel(user)}
                </Anchor>
                {userLabel(user) !== user.name && (
                  <Text size="xs" c="dimmed">
                    {user.name}
                  </Text>
                )}
              </Stack>
            </Table.Td>
            <Table.Td>
              {user.email}
              {!user.email_verified && (
                <Badge color="yellow" variant="light" size="sm" ml="xs">
                  {tv('notConfirmed')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{user.country ?? '—'}</Table.Td>
            <Table.Td>
              <UserStatusBadge status={user.status} />
            </Table.Td>
            {role === 'advertiser' && <Table.Td>{user.campaigns_count}</Table.Td>}
            {role === 'publisher' && <Table.Td>{user.websites_count}</Table.Td>}
            {role === 'publisher' && <Table.Td>{user.applications_count}</Table.Td>}
            <Table.Td>{formatDate(user.created_at)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}
