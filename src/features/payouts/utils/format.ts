// Shown in UTC, like the server stores them, so publisher and admin read the same day for one payout.
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

export const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '—');

export const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;
