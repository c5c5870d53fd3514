import { StatusBadge } from '../../../components/status-badge';
import { INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS, type InvoiceStatus } from '../types';

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <StatusBadge color={INVOICE_STATUS_COLORS[status]}>{INVOICE_STATUS_LABELS[status]}</StatusBadge>;
}
