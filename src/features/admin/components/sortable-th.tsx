import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SortOrder } from '../types';

interface SortableThProps<F extends string> {
  field: F;
  sort: F;
  order: SortOrder;
  onSort(field: F): void;
  children: ReactNode;
}

/** A column header that sorts the table by its field; a second click reverses the order. */
export function SortableTh<F extends string>({ field, sort, order, onSort, children }: SortableThProps<F>) {
  const active = sort === field;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <Text span size="xs" c={active ? undefined : 'dimmed'} aria-hidden="true">
            {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
