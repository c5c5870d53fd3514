import type { Invoice } from '../../../../src/features/invoices/types';

let sequence = 0;

export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  sequence += 1;
  return {
    id: `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`,
    number: `INV-2026-${String(sequence).padStart(4, '0')}`,
    advertiser_id: 'adv-1',
    advertiser_name: 'Alice Andersen',
    month: '2026-10',
    status: 'issued',
    currency: 'EUR',
    subtotal_minor: 123456,
    fee_bps: 1000,
    fee_minor: 12346,
    total_minor: 135802,
    billing: {
      name: 'Alice Andersen',
      email: 'alice@advertiser.test',
      company_name: 'Northwind Outdoor',
      billing_address: 'Vesterbrogade 1',
      vat_id: 'DK123',
      country: 'DK',
    },
    lines: [
      { campaign_id: 'c-1', campaign_name: 'Boots', commissions: 3, amount_minor: 100000 },
      { campaign_id: 'c-2', campaign_name: 'Tents', commissions: 1, amount_minor: 23456 },
    ],
    created_at: '2026-11-01T02:00:00.000Z',
    issued_at: '2026-11-01T09:00:00.000Z',
    due_at: '2026-12-01T09:00:00.000Z',
    paid_at: null,
    voided_at: null,
    ...overrides,
  };
}
