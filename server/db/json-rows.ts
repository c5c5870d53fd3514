import { getTableColumns, getTableName, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * The rows of a multi-row INSERT as one JSON parameter, for `db.insert(table).select(jsonRows(table, rows))`.
 *
 * Drizzle builds a `VALUES` list value by value, with type checks on each: for 40 rows of a wide table that
 * was 4–8 ms of the server's CPU per statement, more than the database took to run it (the conversion batch
 * writes three such statements). Here the statement is the same few bytes of SQL whatever the number of rows,
 * with one parameter, and PostgreSQL reads the rows into the table's own row type (`json_populate_recordset`),
 * in the given order. `RETURNING`, `ON CONFLICT` and the row types stay Drizzle's.
 *
 * Columns come in Drizzle's insert order, as `insert … select` requires. A column no row sets gets its
 * default: Drizzle's default function or literal default (per row), or the column's SQL default (`now()`,
 * `gen_random_uuid()`); a column some rows set and others leave out must have a default that is not SQL.
 */
export function jsonRows<T extends PgTable>(table: T, rows: T['$inferInsert'][]): SQL {
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(
    // as Drizzle's own insert: generated columns (other than "by default") are not inserted
    ([, column]) => column.generated === undefined || column.generated.type === 'byDefault',
  );
  const records = rows.map(() => ({}) as Record<string, unknown>);
  const select: SQL[] = [];
  for (const [key, column] of columns) {
    const given = rows.map((row) => (row as Record<string, unknown>)[key]);
    const sqlDefault = column.defaultFn === undefined && is(column.default, SQL) ? column.default : null;
    if (sqlDefault && given.every((value) => value === undefined)) {
      select.push(sqlDefault);
      continue;
    }
    if (sqlDefault && given.some((value) => value === undefined)) {
      throw new Error(
        `jsonRows: ${getTableName(table)}.${column.name} is left to its SQL default in some rows only`,
      );
    }
    given.forEach((value, i) => {
      const filled = value === undefined ? (column.defaultFn?.() ?? column.default ?? null) : value;
      records[i]![column.name] = toJson(column, filled);
    });
    select.push(sql`r.${sql.identifier(column.name)}`);
  }
  return sql`select ${sql.join(select, sql`, `)}
    from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json) with ordinality as r
    order by r.ordinality`;
}

/** A value as JSON that json_populate_recordset reads back into the column's type. */
function toJson(column: PgColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (is(value, SQL)) throw new Error(`jsonRows: ${column.name} is given as SQL`);
  // json and jsonb columns take the value itself (their driver value is already a JSON string)
  if (column.dataType === 'json') return value;
  return column.mapToDriverValue(value);
}
