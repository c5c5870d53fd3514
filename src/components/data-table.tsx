import { Table, type TableProps } from '@mantine/core';
import classes from './data-table.module.css';

interface DataTableProps extends TableProps {
  /** Below this width the table scrolls sideways inside its own box instead of widening the page. */
  minWidth: number;
}

/**
 * A list table that never makes the page wider than the screen: on a narrow screen it scrolls
 * horizontally inside its box, with the first column kept in view.
 */
export function DataTable({ minWidth, className, ...props }: DataTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table className={className ? `${classes.table} ${className}` : classes.table} {...props} />
    </Table.ScrollContainer>
  );
}
