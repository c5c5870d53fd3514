import { Group, Select, TextInput } from '@mantine/core';
import { CountrySelect } from '../../../components/country-select';
import { STATUS_LABELS } from '../types';
import { USER_STATUSES } from '../../../../contracts/users';

export interface AdminUserFilterValues {
  status: 'all' | (typeof USER_STATUSES)[number];
  country: string;
  search: string;
}

interface AdminUserFiltersProps {
  noun: string;
  values: AdminUserFilterValues;
  onChange(patch: Partial<AdminUserFilterValues>): void;
}

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...USER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

/** Status, country (by name or code) and free-text search; the caller debounces the text before querying. */
export function AdminUserFilters({ noun, values, onChange }: AdminUserFiltersProps) {
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label={`Search ${noun}`}
        placeholder="Name, e-mail or company"
        value={values.search}
        onChange={(event) => onChange({ search: event.currentTarget.value })}
        w={280}
      />
      <Select
        label="Status"
        allowDeselect={false}
        data={STATUS_OPTIONS}
        value={values.status}
        onChange={(value) => value && onChange({ status: value as AdminUserFilterValues['status'] })}
        w={200}
      />
      <CountrySelect
        label="Country"
        placeholder="All countries"
        clearable
        value={values.country || null}
        onChange={(country) => onChange({ country: country ?? '' })}
        w={220}
      />
    </Group>
  );
}
