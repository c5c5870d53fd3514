import { Button, type ButtonProps } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { MouseEvent } from 'react';
import { Link, useInRouterContext } from 'react-router-dom';
import { useTranslation } from '../lib/i18n';

interface MessageButtonProps extends Pick<ButtonProps, 'size' | 'variant' | 'fullWidth'> {
  /** who to write to */
  userId: string;
  /** their name, for the accessible label ("Message Paula") */
  name?: string;
  /** the campaign the conversation is about, when shown in its context */
  campaignId?: string | null;
}

/**
 * Details dialogs (Mantine modals) render above the router, where <Link> cannot work: there the click
 * adds the history entry itself and lets the router pick it up like a back/forward move.
 */
function navigateOutsideRouter(event: MouseEvent<HTMLAnchorElement>, to: string) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return;
  event.preventDefault();
  modals.closeAll();
  const current = window.history.state as { idx?: number } | null;
  const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (current?.idx ?? 0) + 1 };
  window.history.pushState(state, '', to);
  window.dispatchEvent(new PopStateEvent('popstate', { state }));
}

/** "Message": opens /messaging with a new message to this person (or their existing conversation). */
export function MessageButton({
  userId,
  name,
  campaignId,
  size = 'xs',
  variant = 'light',
  fullWidth,
}: MessageButtonProps) {
  const { t } = useTranslation('common');
  const inRouter = useInRouterContext();
  const params = new URLSearchParams({ to: userId });
  if (campaignId) params.set('campaign_id', campaignId);
  const to = `/messaging?${params.toString()}`;
  const common = { size, variant, fullWidth, 'aria-label': name ? t('message.to', { name }) : t('message.label') };
  return inRouter ? (
    // A dialog it sits in (modals render inside the signed-in shell) closes as the page changes.
    <Button component={Link} to={to} onClick={() => modals.closeAll()} {...common}>
      {t('message.label')}
    </Button>
  ) : (
    <Button component="a" href={to} onClick={(event) => navigateOutsideRouter(event, to)} {...common}>
      {t('message.label')}
    </Button>
  );
}
