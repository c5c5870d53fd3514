import { Divider, NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';

interface RoleLinks {
  /** the nav's accessible name */
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
    label: 'Billing',
    links: [
      { to: '/commissions', label: 'Commissions' },
      { to: '/invoices', label: 'Invoices' },
    ],
  },
  publisher: { label: 'Tools', links: [{ to: '/tracking', label: 'Tracking' }] },
  admin: {
    label: 'Admin',
    links: [
      { to: '/reports', label: 'Reports' },
      { to: '/invoices', label: 'Invoices' },
      { to: '/admin-audit-log', label: 'Audit log' },
    ],
  },
};

export function RoleNav({ role, onNavigate }: { role: string | undefined; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const nav = role ? ROLE_LINKS[role] : undefined;
  if (!nav) return null;
  return (
    <>
      <Divider my="xs" />
      <nav aria-label={nav.label}>
        {nav.links.map((link) => (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={link.label}
            active={pathname === link.to}
            onClick={onNavigate}
          />
        ))}
      </nav>
    </>
  );
}
