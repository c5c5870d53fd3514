import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { MessagesUnreadBadge } from '../../features/messaging/components/unread-badge';
import { getQuickActions } from './quick-actions';
import { useTranslation } from '../../lib/i18n';

interface QuickActionsNavProps {
  role: string | undefined;
  onNavigate?: () => void;
}

export function QuickActionsNav({ role, onNavigate }: QuickActionsNavProps) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('nav.quickActions')}>
      {getQuickActions(role).map((action) => (
        <NavLink
          key={action.to}
          component={Link}
          to={action.to}
          label={t(`quick.${action.to}`)}
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
