import type { Commission } from '../types';

/** The pricing rule the server applied: base rate, a publisher override or a monthly tier. */
export function ruleLabel(rule: string): string {
  if (rule === 'base') return 'Base rate';
  if (rule === 'override') return 'Publisher rate';
  const tier = /^tier:(\d+)$/.exec(rule);
  if (tier) return `Tier from ${tier[1]} conversions a month`;
  return rule;
}

/** How a commission is named in buttons and messages: by order, else by what it pays for. */
export function commissionLabel(c: Pick<Commission, 'kind' | 'order_id' | 'id'>): string {
  if (c.kind === 'clawback') return `clawback ${c.id.slice(0, 8)}`;
  if (c.order_id) return `order ${c.order_id}`;
  return `click commission ${c.id.slice(0, 8)}`;
}

/** "1 commission", "3 commissions". */
export const pluralCommissions = (n: number) => `${n} ${n === 1 ? 'commission' : 'commissions'}`;
