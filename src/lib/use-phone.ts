import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint, where lists are cards (see DataTable's `cards`); known at first render. */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
}
