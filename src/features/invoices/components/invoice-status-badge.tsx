import { Badge } from '@mantine/core';
import { INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS, type InvoiceStatus } from '../types';

// A badge's label may shrink to an ellipsis in an auto-sized table column; keep it whole.
const WHOLE_LABEL = { label: { overflow: 'visible' } };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge color={INVOICE_STATUS_COLORS[status]} variant="light" styles={WHOLE_LABEL}>
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
