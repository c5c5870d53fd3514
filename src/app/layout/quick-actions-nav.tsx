import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { MessagesUnreadBadge } from '../../features/messaging/components/unread-badge';
import { getQuickActions } from './quick-actions';

interface QuickActionsNavProps {
  role: string | undefined;
  onNavigate?: () => void;
}

export function QuickActionsNav({ role, onNavigate }: QuickActionsNavProps) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Quick actions">
      {getQuickActions(role).map((action) => (
        <NavLink
          key={action.to}
          component={Link}
          to={action.to}
          label={action.label}
          active={
            pathname === action.to || (action.to === '/messaging' && pathname.startsWith('/conversation='))
          }
          rightSection={action.to === '/messaging' ? <MessagesUnreadBadge /> : undefined}
          onClick={onNavigate}
        />
      ))}
    </nav>
  );
}
