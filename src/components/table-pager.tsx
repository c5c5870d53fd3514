import { Group, Pagination, Text, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';

interface TablePagerProps {
  /** names the page navigation, e.g. "Pages of publishers" */
  label: string;
  /** e.g. "42 publishers" */
  summary: ReactNode;
  page: number;
  pages: number;
  onChange(page: number): void;
  /** the page buttons' size: `sm` in a card beside other sections */
  size?: MantineSize;
}

/** Below a server-paginated table: how many rows match, and the pages when there is more than one. */
export function TablePager({ label, summary, page, pages, onChange, size }: TablePagerProps) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" aria-live="polite">
        {summary}
      </Text>
      {pages > 1 && (
        <nav aria-label={label}>
          <Pagination size={size} total={pages} value={page} onChange={onChange} />
        </nav>
      )}
    </Group>
  );
}
