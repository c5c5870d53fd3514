/**
 * Dates in text the server writes for people (PDFs, notifications, push, e-mail): UTC like every date the
 * API shows, day-month-year in words so no reader takes 1/12 for January 12th.
 */
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "23 Nov 2026". */
export const formatDay = (d: Date | string) => dateFormat.format(new Date(d));

/** "2026-10" → "October 2026". */
export const formatMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));
