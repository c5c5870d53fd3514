import { Table, type TableProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import classes from './data-table.module.css';

/**
 * What a column becomes in a row's card on a phone:
 * - `title`: what the row is, top left; `subtitle`: a dimmed line under it;
 * - `status`: the row's state (a badge), top right; `amount`: the money or figure that matters, under it
 *   (`{ amount: 'Label' }` when the figure needs its name beside it);
 * - `field`: a secondary field, one line each under the top, labelled with the column's heading
 *   (`{ field: 'Label' }` when the table writes its own head);
 * - `actions`: the row's buttons, across the card's foot; `select`: a selection checkbox, at the left;
 * - `hidden`: not shown on a phone (e.g. repeated in the title).
 */
export type CardColumn =
  | 'title'
  | 'subtitle'
  | 'status'
  | 'amount'
  | 'field'
  | 'actions'
  | 'select'
  | 'hidden'
  | { field: string }
  | { amount: string };

type CardKind = Exclude<CardColumn, object>;

interface DataTableProps extends TableProps {
  /** Below this width the table scrolls sideways inside its own box instead of widening the page. */
  minWidth: number;
  /** The column headings, when they are plain labels; tables with sortable or styled headings write their own head. */
  head?: string[];
  /** The last column holds the row's buttons: on a phone it stays in view at the right edge. */
  stickyActions?: boolean;
  /**
   * One entry per column, in order: with it, below Mantine's `sm` breakpoint each row is a card (see
   * `CardColumn`) instead of a table row that scrolls sideways. Rows with a single cell (a message, an
   * expanded detail) span the card.
   */
  cards?: CardColumn[];
  children?: ReactNode;
}

/**
 * A list table that never makes the page wider than the screen. With `cards`, on a phone each row is a
 * card: title, status and amount on top, the other fields under them, the row's buttons at the foot;
 * sortable headings and a select-all checkbox stay above the cards. Without, on a narrow screen it
 * scrolls horizontally inside its box, with the first column kept in view (and on a phone kept narrow,
 * so the other columns show beside it), and a scrollbar that shows whenever there is more to the side:
 * a phone has no hover to reveal it.
 */
export function DataTable({
  minWidth,
  className,
  head,
  stickyActions = false,
  cards,
  children,
  ...props
}: DataTableProps) {
  const id = useId();
  const classNames = [
    classes.table,
    cards && classes.cards,
    stickyActions && !cards && classes.withActions,
    className,
  ].filter(Boolean);
  return (
    <>
      {cards && <style>{cardStyles(id, cards, head)}</style>}
      <Table.ScrollContainer
        minWidth={minWidth}
        scrollAreaProps={{ type: 'auto' }}
        classNames={cards ? { scrollContainerInner: classes.cardsInner } : undefined}
      >
        <Table className={classNames.join(' ')} data-cards={cards ? id : undefined} {...props}>
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
    </>
  );
}

// Where each kind of cell sits in the card's grid (columns: checkbox | title | status and amount);
// the rest of a card's look is in data-table.module.css.
const PLACEMENT: Record<CardKind, string> = {
  select: 'grid-column: 1; grid-row: 1 / span 2; padding-inline-end: var(--mantine-spacing-sm);',
  title: 'grid-column: 2; grid-row: 1; font-weight: 600;',
  subtitle:
    'grid-column: 2; grid-row: 2; color: var(--mantine-color-dimmed); font-size: var(--mantine-font-size-sm);',
  status: 'grid-column: 3; grid-row: 1; justify-self: end; padding-inline-start: var(--mantine-spacing-sm);',
  amount:
    'grid-column: 3; grid-row: 2; justify-self: end; text-align: end; font-weight: 700; padding-inline-start: var(--mantine-spacing-sm);',
  field: 'grid-column: 2 / -1; order: 1; padding-inline-start: 40%;',
  actions: 'grid-column: 1 / -1; order: 2; margin-top: 4px;',
  hidden: 'display: none;',
};

function kindOf(column: CardColumn, heading: string | undefined): { kind: CardKind; label?: string } {
  if (typeof column === 'string') return { kind: column, label: column === 'field' ? heading : undefined };
  return 'field' in column
    ? { kind: 'field', label: column.field }
    : { kind: 'amount', label: column.amount };
}

/**
 * The card rules of one table, by column position: a stylesheet scoped to the table's id, so each list
 * says only what its columns are. Labels go in as CSS strings (JSON's escaping is a valid CSS string).
 */
function cardStyles(id: string, cards: CardColumn[], head: string[] | undefined): string {
  // three times the attribute: these outweigh the card rules of data-table.module.css
  const one = `[data-cards="${id}"]`;
  const cell = (index: number) =>
    `${one}${one}${one} > :where(tbody, tfoot) > tr:nth-child(n) > :nth-child(${index + 1})`;
  // without a status the amount takes its place at the top right
  const hasStatus = cards.includes('status');
  const rules = cards.flatMap((column, index) => {
    const { kind, label } = kindOf(column, head?.[index]);
    const place = kind === 'amount' && !hasStatus ? `${PLACEMENT.amount} grid-row: 1;` : PLACEMENT[kind];
    if (kind === 'field') {
      const labelRule = label ? ` --card-label: ${JSON.stringify(label)};` : '';
      return [`${cell(index)} { ${place}${labelRule} }`];
    }
    const rule = `${cell(index)} { ${place} }`;
    // an amount's name in small print above it
    return label
      ? [
          rule,
          `${cell(index)}::before { content: ${JSON.stringify(label)}; float: none; display: block; width: auto; margin: 0; font-size: var(--mantine-font-size-xs); }`,
        ]
      : [rule];
  });
  const onlyChild = `${one}${one}${one} > :where(tbody, tfoot) > tr:nth-child(n) > :only-child`;
  rules.push(
    `${onlyChild} { display: block; grid-column: 1 / -1; grid-row: auto; order: 0; justify-self: stretch; padding-inline-start: 0; font-weight: inherit; text-align: start; }`,
    `${onlyChild}::before { content: none; }`,
  );
  return `@media (max-width: 48em) {\n${rules.join('\n')}\n}`;
}
