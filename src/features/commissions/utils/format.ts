import { translate } from '../../../lib/i18n';
import type { Commission } from '../types';

/** The pricing rule the server applied: base rate, a publisher override or a monthly tier. */
export function ruleLabel(rule: string): string {
  if (rule === 'base') return translate('commissions', 'rule.base');
  if (rule === 'override') return translate('commissions', 'rule.override');
  const tier = /^tier:(\d+)$/.exec(rule);
  if (tier) return translate('commissions', 'rule.tier', { count: tier[1] });
  return rule;
}

/** How a commission is named in buttons and messages: by order, else by what it pays for. */
export function commissionLabel(c: Pick<Commission, 'kind' | 'order_id' | 'id'>): string {
  if (c.kind === 'clawback') return translate('commissions', 'label.clawback', { id: c.id.slice(0, 8) });
  if (c.order_id) return translate('commissions', 'label.order', { order: c.order_id });
  return translate('commissions', 'label.click', { id: c.id.slice(0, 8) });
}

/** "1 commission", "3 commissions". */
export const pluralCommissions = (n: number) => translate('commissions', 'count', { count: n });
