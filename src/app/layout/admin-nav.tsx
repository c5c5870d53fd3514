import { Divider, NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';

/** Admin-only pages beyond the spec's quick actions (which stay exactly as the spec lists them). */
const ADMIN_LINKS = [
  { to: '/reports', label: 'Reports' },
  { to: '/invoices', label: 'Invoices' },
  { to: '/admin-audit-log', label: 'Audit log' },
] as const;

export function AdminNav({ role, onNavigate }: { role: string | undefined; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  if (role !== 'admin') return null;
  return (
    <>
      <Divider my="xs" />
      <nav aria-label="Admin">
        {ADMIN_LINKS.map((link) => (
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
