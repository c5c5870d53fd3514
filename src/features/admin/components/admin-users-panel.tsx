import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search';
import { useUiPreferences } from '../../../lib/ui-preferences';
import { useAdminUsers } from '../api/get-admin-users';
import { userLabel, type AdminUser, type Role, type SortOrder, type UserSortField } from '../types';
import { formatCount } from '../../../lib/format-number';
import { useTranslation } from '../../../lib/i18n';
import { AdminUserDrawer } from './admin-user-drawer';
import { AdminUserFilters, type AdminUserFilterValues } from './admin-user-filters';
import { AdminUsersTable } from './admin-users-table';
import { TablePager } from '../../../components/table-pager';

interface AdminUsersPanelProps {
  /** the accounts listed: advertisers or publishers */
  userRole: Role;
  currentUserId: string;
}

/** Accounts of one role: filters, a sortable server-paginated table and the account drawer. */
export function AdminUsersPanel({ userRole: role, currentUserId }: AdminUsersPanelProps) {
  const { t } = useTranslation('admin');
  const [{ tablePageSize: limit }] = useUiPreferences();
  const [filters, setFilters] = useState<AdminUserFilterValues>({ status: 'all', country: '', search: '' });
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<{ field: UserSortField; order: SortOrder }>({
    field: 'created_at',
    order: 'desc',
  });
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<AdminUser | null>(null);
  const { data, error, isPending, isFetching } = useAdminUsers({
    role,
    status: filters.status,
    country: filters.country,
    search,
    sort: sort.field,
    order: sort.order,
    page,
    limit,
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / limit)) : 1;

  const onSort = (field: UserSortField) => {
    // Text columns start A→Z; dates start with the newest.
    const firstOrder: SortOrder = field === 'created_at' ? 'desc' : 'asc';
    setSort((current) =>
      current.field === field
        ? { field, order: current.order === 'asc' ? 'desc' : 'asc' }
        : { field, order: firstOrder },
    );
    setPage(1);
  };

  return (
    <Stack gap="md">
      <AdminUserFilters
        userRole={role}
        values={filters}
        onChange={(patch) => {
          setFilters((current) => ({ ...current, ...patch }));
          setPage(1);
        }}
      />
      {error && (
        <Alert color="red" variant="light">
          {errorMessage(error, t('users.loadError', { role }))}
        </Alert>
      )}
      {isPending && <Loader size="sm" aria-label={t('users.loading', { role })} />}
      {data && data.items.length === 0 && <Text c="dimmed">{t('users.none', { role })}</Text>}
      {data && data.items.length > 0 && (
        <AdminUsersTable
          userRole={role}
          users={data.items}
          sort={sort.field}
          order={sort.order}
          onSort={onSort}
          onOpen={setOpened}
        />
      )}
      {data && data.total > 0 && (
        <TablePager
          label={t('users.pages', { role })}
          summary={`${t('users.count', { role, count: data.total, shown: formatCount(data.total) })}${isFetching && !isPending ? ` · ${t('users.updating')}` : ''}`}
          page={page}
          pages={pages}
          onChange={setPage}
        />
      )}
      <AdminUserDrawer
        userId={opened?.id ?? null}
        fallbackTitle={opened ? userLabel(opened) : ''}
        currentUserId={currentUserId}
        onClose={() => setOpened(null)}
      />
    </Stack>
  );
}
