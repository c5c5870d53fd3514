import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

// Mantine cuts a badge's label to an ellipsis when its box is narrower than the text, which an
// auto-sized table column does ("APPROV…"): the badge asks for its whole width instead.
const WHOLE_LABEL = {
  root: { minWidth: 'max-content', flexShrink: 0 },
  label: { overflow: 'visible' },
} as const;

/** A record's state as a light badge, never truncated. */
export function StatusBadge({ children, ...props }: Omit<BadgeProps, 'styles'> & { children: ReactNode }) {
  return (
    <Badge variant="light" styles={WHOLE_LABEL} {...props}>
      {children}
    </Badge>
  );
}
