import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';

export type SortOrder = 'asc' | 'desc';

export interface SortState<F extends string> {
  field: F;
  order: SortOrder;
}

interface SortableThProps<F extends string> {
  field: F;
  sort: SortState<F> | null;
  onSort(field: F): void;
  align?: 'left' | 'right';
  children: ReactNode;
}

/** A column header whose button sorts by its field; the header says how it is sorted (aria-sort). */
export function SortableTh<F extends string>({
  field,
  sort,
  onSort,
  align = 'left',
  children,
}: SortableThProps<F>) {
  const order = sort?.field === field ? sort.order : null;
  return (
    <Table.Th aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none'} ta={align}>
      <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          {children}
          <Text span size="xs" c={order ? undefined : 'dimmed'} aria-hidden="true">
            {order === 'asc' ? '▲' : order === 'desc' ? '▼' : '↕'}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** Next sort after a header click: a new column starts with `firstOrder`, the same one flips. */
export function nextSort<F extends string>(
  current: SortState<F> | null,
  field: F,
  firstOrder: SortOrder = 'desc',
): SortState<F> {
  if (current?.field === field) return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { field, order: firstOrder };
}
