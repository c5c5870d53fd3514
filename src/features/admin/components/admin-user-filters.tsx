import { Group, Select, TextInput } from '@mantine/core';
import { CountrySelect } from '../../../components/country-select';
import { translate, useTranslation } from '../../../lib/i18n';
import type { Role } from '../types';
import { USER_STATUSES } from '../../../../contracts/users';

export interface AdminUserFilterValues {
  status: 'all' | (typeof USER_STATUSES)[number];
  country: string;
  search: string;
}

interface AdminUserFiltersProps {
  /** the accounts listed: advertisers or publishers */
  userRole: Role;
  values: AdminUserFilterValues;
  onChange(patch: Partial<AdminUserFilterValues>): void;
}

const statusOptions = () => [
  { value: 'all', label: translate('admin', 'filter.allStatuses') },
  ...USER_STATUSES.map((status) => ({ value: status, label: translate('common', `status.user.${status}`) })),
];

/** Status, country (by name or code) and free-text search; the caller debounces the text before querying. */
export function AdminUserFilters({ userRole: role, values, onChange }: AdminUserFiltersProps) {
  const { t } = useTranslation('admin');
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label={t('users.search', { role })}
        placeholder={t('users.searchPlaceholder')}
        value={values.search}
        onChange={(event) => onChange({ search: event.currentTarget.value })}
        w={280}
      />
      <Select
        label={t('filter.status')}
        allowDeselect={false}
        data={statusOptions()}
        value={values.status}
        onChange={(value) => value && onChange({ status: value as AdminUserFilterValues['status'] })}
        w={200}
      />
      <CountrySelect
        label={t('users.country')}
        placeholder={t('users.allCountries')}
        clearable
        value={values.country || null}
        onChange={(country) => onChange({ country: country ?? '' })}
        w={220}
      />
    </Group>
  );
}
