import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './data-table.module.css';

interface DataTableProps extends TableProps {
  /** Below this width the table scrolls sideways inside its own box instead of widening the page. */
  minWidth: number;
  /** The column headings, when they are plain labels; tables with sortable or styled headings write their own head. */
  head?: string[];
  /** The last column holds the row's buttons: on a phone it stays in view at the right edge. */
  stickyActions?: boolean;
  children?: ReactNode;
}

/**
 * A list table that never makes the page wider than the screen: on a narrow screen it scrolls
 * horizontally inside its box, with the first column kept in view (and on a phone kept narrow, so the
 * other columns show beside it), and a scrollbar that shows whenever there is more to the side: a phone
 * has no hover to reveal it.
 */
export function DataTable({
  minWidth,
  className,
  head,
  stickyActions = false,
  children,
  ...props
}: DataTableProps) {
  const classNames = [classes.table, stickyActions && classes.withActions, className].filter(Boolean);
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ type: 'auto' }}>
      <Table className={classNames.join(' ')} {...props}>
        {head && (
          <Table.Thead>
            <Table.Tr>
              {head.map((label) => (
                <Table.Th key={label}>{label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
        )}
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}
