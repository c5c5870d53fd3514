import type { InvoiceStatus } from '../../../contracts/invoices';
import type { Invoice } from '../../../server/modules/invoices/schema';

// Wire types are shared with the server; the client imports only their types.
export type { Invoice, InvoiceStatus };
export type InvoiceLine = Invoice['lines'][number];

export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: 'gray',
  issued: 'blue',
  paid: 'green',
  void: 'red',
};

/** List filters; 'all' and null are left out of the query. */
export interface InvoiceFilters {
  status: 'all' | InvoiceStatus;
  /** YYYY-MM */
  month: string | null;
  /** admins only */
  advertiser_id: string | null;
}

export const DEFAULT_INVOICE_FILTERS: InvoiceFilters = { status: 'all', month: null, advertiser_id: null };

/** Advertisers read their issued invoices; admins see every invoice and act on them. */
export type InvoiceViewer = 'advertiser' | 'admin';

/** An admin's step for an invoice, as the server names it in the URL. */
export type InvoiceAction = 'issue' | 'paid' | 'void';

/** Which steps an invoice in `status` can take (the server refuses the rest with 409). */
export const INVOICE_ACTIONS: Record<InvoiceStatus, InvoiceAction[]> = {
  draft: ['issue', 'void'],
  issued: ['paid', 'void'],
  paid: [],
  void: [],
};
