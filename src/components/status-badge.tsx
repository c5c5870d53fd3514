import { Badge, type BadgeProps } from '@mantine/core';
import { useCallback, type ReactNode } from 'react';
import { translate, useTranslation } from '../lib/i18n';

// Mantine cuts a badge's label to an ellipsis when its box is narrower than the text, which an
// auto-sized table column does ("APPROV…"): the badge asks for its whole width instead.
const WHOLE_LABEL = {
  root: { minWidth: 'max-content', flexShrink: 0 },
  label: { overflow: 'visible' },
} as const;

/**
 * The kinds of record with a status word; each status's text is the `common` catalog's
 * "status.<kind>.<status>" (e.g. status.payout.requested → "Requested" / "Anmodet").
 */
export type StatusKind = 'campaign' | 'application' | 'commission' | 'payout' | 'invoice' | 'website' | 'user';

/** A status word in the UI language, outside React (filters' options built in plain functions). */
export function statusText(kind: StatusKind, status: string): string {
  return translate('common', `status.${kind}.${status}`);
}

/** `label(kind, status)` → the status word in the UI language; re-renders on a language change. */
export function useStatusLabel(): (kind: StatusKind, status: string) => string {
  const { t } = useTranslation('common');
  return useCallback((kind: StatusKind, status: string) => t(`status.${kind}.${status}`), [t]);
}

type StatusBadgeProps = Omit<BadgeProps, 'styles'> &
  ({ children: ReactNode; kind?: never; status?: never } | { children?: never; kind: StatusKind; status: string });

/**
 * A record's state as a light badge, never truncated: `<StatusBadge kind="payout" status={p.status}
 * color=…/>` writes the status word in the UI language; children write their own text.
 */
export function StatusBadge({ children, kind, status, ...props }: StatusBadgeProps) {
  const label = useStatusLabel();
  return (
    <Badge variant="light" styles={WHOLE_LABEL} {...props}>
      {kind ? label(kind, status) : children}
    </Badge>
  );
}
