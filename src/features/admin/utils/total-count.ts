/** Lists answer with a JSON array and the total in X-Total-Count; without the header, the page is all. */
export function totalFromHeaders(headers: Record<string, unknown>, pageLength: number): number {
  const header = headers['x-total-count'];
  const total = Number(header);
  return header != null && Number.isFinite(total) ? total : pageLength;
}

export interface Page<T> {
  items: T[];
  total: number;
}
