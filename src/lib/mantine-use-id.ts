import { useId as useReactId } from 'react';

/**
 * `useId` of @mantine/hooks without its random id (vite.config.ts aliases Mantine's module to this one).
 * Mantine renders `mantine-<React id>` first, then swaps in a random id from a layout effect: each
 * component using it (menus, popovers, modals, inputs, tooltips…) re-renders synchronously right after
 * it mounted, and in the first commit of the signed-in shell that made one long task of the whole start.
 * React's id is already unique within the app and stable, so the first id is kept.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  return `mantine-${reactId.replace(/:/g, '')}`;
}
