import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../lib/i18n';
import { INVOICE_STATUS_COLORS, type InvoiceStatus } from '../types';

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('common');
  return <StatusBadge color={INVOICE_STATUS_COLORS[status]}>{t(`status.invoice.${status}`)}</StatusBadge>;
}
