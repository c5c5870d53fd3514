import type { LayoutPreset } from '../../lib/ui-preferences';

/** Max width of the main content per layout preset; 'focused' also hides the sidebar. */
export const LAYOUT_MAX_WIDTH: Record<LayoutPreset, number | undefined> = {
  full: undefined,
  wide: 1400,
  standard: 1100,
  narrow: 800,
  focused: 640,
};

export const hidesSidebar = (preset: LayoutPreset): boolean => preset === 'focused';
