import { MantineProvider, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type CardColumn } from '../../../src/components/data-table';

function renderTable(cards?: CardColumn[]) {
  const { container } = render(
    <MantineProvider>
      <DataTable
        minWidth={600}
        aria-label="Things"
        head={['Name', 'Category', 'Status', 'Total']}
        cards={cards}
      >
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Shoes</Table.Td>
            <Table.Td>Fashion</Table.Td>
            <Table.Td>Active</Table.Td>
            <Table.Td>$10.00</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </DataTable>
    </MantineProvider>,
  );
  return container.querySelector('style:not([data-mantine-styles])')?.textContent ?? null;
}

describe('DataTable cards', () => {
  it('places each column of its card on a phone, fields labelled with their heading', () => {
    const css = renderTable(['title', 'field', 'status', { amount: 'Total "gross"' }]);
    const id = screen.getByRole('table', { name: 'Things' }).getAttribute('data-cards');
    expect(id).toBeTruthy();
    expect(css).toContain('@media (max-width: 48em)');
    expect(css).toMatch(/:nth-child\(1\) \{ grid-column: 2; grid-row: 1;/);
    expect(css).toContain(
      ':nth-child(2) { grid-column: 2 / -1; order: 1; padding-inline-start: 40%; --card-label: "Category"; }',
    );
    expect(css).toMatch(/:nth-child\(3\) \{ grid-column: 3; grid-row: 1;/);
    // the amount's name, quoted as a CSS string
    expect(css).toContain(':nth-child(4)::before { content: "Total \\"gross\\"";');
    expect(css).toContain(`[data-cards="${id}"]`);
  });

  it('puts the amount at the top right when there is no status', () => {
    expect(renderTable(['title', 'field', 'hidden', 'amount'])).toMatch(
      /:nth-child\(4\) \{[^}]*grid-row: 1;/,
    );
  });

  it('stays a plain table without cards', () => {
    expect(renderTable()).toBeNull();
    expect(screen.getByRole('table', { name: 'Things' }).hasAttribute('data-cards')).toBe(false);
  });
});
