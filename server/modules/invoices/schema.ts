import { z } from 'zod';
import { offsetParam } from '../../platform/zod-numbers';
import { minorSumSchema } from '../../platform/minor-sum';

import { INVOICE_STATUSES } from '../../../contracts/invoices';

export type { InvoiceStatus } from '../../../contracts/invoices';

/** `YYYY-MM` between 2000-01 and 2100-12: the month an invoice bills. */
export const monthField = (field: string) =>
  z
    .string({ error: `${field} must be a month as YYYY-MM` })
    .regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, `${field} must be a month as YYYY-MM, e.g. 2026-03`);

export const listInvoicesQuery = z.object({
  status: z.enum(['all', ...INVOICE_STATUSES]).default('all'),
  advertiser_id: z.uuid({ error: 'advertiser_id must be a UUID' }).optional(),
  month: monthField('month').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: offsetParam,
});
export type ListInvoicesQuery = z.output<typeof listInvoicesQuery>;

export const generateBody = z.object({
  month: monthField('month'),
  /** one advertiser; left out: every advertiser with billable commissions in the month */
  advertiser_id: z.uuid({ error: 'advertiser_id must be a UUID' }).optional(),
});
export type GenerateBody = z.output<typeof generateBody>;

export const invoiceLineSchema = z.object({
  campaign_id: z.string(),
  campaign_name: z.string(),
  /** how many commissions the line bills (clawbacks included) */
  commissions: z.number().int(),
  amount_minor: minorSumSchema,
});

/** The advertiser's billing details as they were when the invoice was made. */
export const billingSchema = z.object({
  name: z.string(),
  email: z.string(),
  company_name: z.string().nullable(),
  billing_address: z.string().nullable(),
  vat_id: z.string().nullable(),
  country: z.string().nullable(),
});
export type Billing = z.infer<typeof billingSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  /** INV-YYYY-NNNN, gapless per year of creation */
  number: z.string(),
  advertiser_id: z.string(),
  advertiser_name: z.string(),
  /** YYYY-MM */
  month: z.string(),
  status: z.enum(INVOICE_STATUSES),
  currency: z.string(),
  subtotal_minor: minorSumSchema,
  fee_bps: z.number().int(),
  fee_minor: minorSumSchema,
  total_minor: minorSumSchema,
  billing: billingSchema,
  lines: z.array(invoiceLineSchema),
  created_at: z.string(),
  issued_at: z.string().nullable(),
  due_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  voided_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
