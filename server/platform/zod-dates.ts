import { z } from 'zod';

/**
 * Date and date-time inputs: real calendar values (no 2024-02-30, no hour 25) within years 2000–2100.
 * The range keeps every value one PostgreSQL timestamps and JavaScript dates both hold, with room for
 * the day added to an inclusive `to` (PostgreSQL has no year 0, and 9999-12-31 plus a day overflows).
 */
export const MIN_DATE = '2000-01-01';
export const MAX_DATE = '2100-12-31';
const earliest = Date.parse(`${MIN_DATE}T00:00:00Z`);
const afterLatest = Date.parse(`${MAX_DATE}T00:00:00Z`) + 24 * 60 * 60 * 1000;

const inRange = (value: string) => {
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return ms >= earliest && ms < afterLatest;
};
const rangeMessage = (field: string) => `${field} must be between ${MIN_DATE} and ${MAX_DATE}`;

/** `YYYY-MM-DD`: a real calendar day (a whole UTC day where it is a filter). */
export const isoDate = (field: string) =>
  z.iso
    .date({ error: `${field} must be a real calendar date (YYYY-MM-DD)` })
    .refine(inRange, rangeMessage(field));

/** An ISO 8601 date-time with `Z` or an offset, e.g. 2025-03-01T09:30:00Z. */
export const isoDateTime = (field: string) =>
  z.iso
    .datetime({
      offset: true,
      error: `${field} must be a real ISO 8601 date-time, e.g. 2025-03-01T09:30:00Z`,
    })
    .refine(inRange, rangeMessage(field));

/** Either of the two: a bare date or a date-time. */
export const isoDateOrDateTime = (field: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: `${field} must be a real calendar date (YYYY-MM-DD) or ISO 8601 date-time`,
    })
    .refine(inRange, rangeMessage(field));
