import { Divider, NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { msgKey, useTranslation } from '../../lib/i18n';

interface RoleLinks {
  /** the nav's accessible name: a key of the `layout` catalog, as the links' labels */
  label: string;
  links: readonly { to: string; label: string }[];
}

/**
 * Pages a role uses beyond the spec's quick actions (which stay exactly as the spec lists them): an
 * advertiser's commissions and invoices, a publisher's tracking tools, the admin's reports, invoices and
 * audit log.
 */
const ROLE_LINKS: Record<string, RoleLinks> = {
  advertiser: {
    label: msgKey('nav.billing'),
    links: [
      { to: '/commissions', label: msgKey('nav.commissions') },
      { to: '/fraud', label: msgKey('nav.fraudQueue') },
      { to: '/invoices', label: msgKey('nav.invoices') },
    ],
  },
  publisher: {
    label: msgKey('nav.tools'),
    links: [
      { to: '/tracking', label: msgKey('nav.tracking') },
      { to: '/referrals', label: msgKey('nav.referrals') },
    ],
  },
  admin: {
    label: msgKey('nav.admin'),
    links: [
      { to: '/reports', label: msgKey('nav.reports') },
      { to: '/fraud', label: msgKey('nav.fraudQueue') },
      { to: '/invoices', label: msgKey('nav.invoices') },
      { to: '/admin-audit-log', label: msgKey('nav.auditLog') },
    ],
  },
};

export function RoleNav({ role, onNavigate }: { role: string | undefined; onNavigate?: () => void }) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const nav = role ? ROLE_LINKS[role] : undefined;
  if (!nav) return null;
  return (
    <>
      <Divider my="xs" />
      <nav aria-label={t(nav.label)}>
        {nav.links.map((link) => (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={t(link.label)}
            active={pathname === link.to}
            onClick={onNavigate}
          />
        ))}
      </nav>
    </>
  );
}
