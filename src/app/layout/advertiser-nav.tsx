import { Divider, NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';

/** Advertiser pages beyond the spec's quick actions (which stay exactly as the spec lists them). */
const ADVERTISER_LINKS = [{ to: '/invoices', label: 'Invoices' }] as const;

export function AdvertiserNav({ role, onNavigate }: { role: string | undefined; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  if (role !== 'advertiser') return null;
  return (
    <>
      <Divider my="xs" />
      <nav aria-label="Billing">
        {ADVERTISER_LINKS.map((link) => (
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
