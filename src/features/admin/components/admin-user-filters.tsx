import { Group, Select, TextInput } from '@mantine/core';
import { STATUS_LABELS, USER_STATUSES } from '../types';

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

/** Status, country and free-text search; the caller debounces the text before querying. */
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
      <TextInput
        label="Country"
        placeholder="e.g. DK"
        maxLength={2}
        value={values.country}
        onChange={(event) => onChange({ country: event.currentTarget.value.toUpperCase() })}
        w={110}
      />
    </Group>
  );
}
