import {
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { translate } from '../lib/i18n';

// Accessible defaults for the whole app (WCAG AA, checked by axe in tests/e2e/a11y.test.ts): every
// theme colour used as text, as a filled background under white text, or as the text of a light badge
// gets a shade with a contrast ratio of at least 4.5, and close buttons get a name.

const AA = 4.5;

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Mixes `hex` with black (amount 0..1). */
function darker(hex: string, amount: number): string {
  return toHex(rgb(hex).map((v) => v * (1 - amount)) as [number, number, number]);
}

/** The palette's first shade from 6 up that reads on `background`, else shade 9 darkened until it does. */
export function readableOn(shades: MantineColorsTuple, background: string): string {
  for (let i = 6; i <= 9; i += 1) if (contrast(shades[i]!, background) >= AA) return shades[i]!;
  let color = shades[9]!;
  for (let step = 0; step < 20 && contrast(color, background) < AA; step += 1) color = darker(color, 0.06);
  return color;
}

const WHITE = DEFAULT_THEME.white;
// Light badges and alerts sit on shade 1 (shade 2 on hover): their text must read on the darker one.
const LIGHT_BACKGROUND_SHADE = 2;

/**
 * Light scheme: text, filled and outline colours use the first shade that reads on white (white text on
 * it reads as well: same ratio), and the text of light variants reads on their tinted background.
 * Dark scheme: dimmed text and the error colour are lightened to read on the dark body.
 */
const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': readableOn(theme.colors.red, WHITE),
    // Links also sit on light tints (unread notifications, shade 1), and inside body text they must stay
    // 3:1 apart from it: for blue that is shade 9 (6.1 on white, 4.9 on shade 1, 3.5 against black).
    '--mantine-color-anchor': readableOn(
      theme.colors[theme.primaryColor]!,
      theme.colors[theme.primaryColor]![1]!,
    ),
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    const onWhite = readableOn(shades, WHITE);
    light[`--mantine-color-${name}-text`] = onWhite;
    light[`--mantine-color-${name}-filled`] = onWhite;
    light[`--mantine-color-${name}-filled-hover`] = darker(onWhite, 0.12);
    light[`--mantine-color-${name}-outline`] = onWhite;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades, shades[LIGHT_BACKGROUND_SHADE]!);
  }
  return {
    variables: {},
    light,
    dark: {
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
      '--mantine-color-error': theme.colors.red[4]!,
      '--mantine-color-anchor': theme.colors[theme.primaryColor]![3]!,
    },
  };
};

// Required fields say so in their validation message, not with an asterisk: the asterisk becomes part
// of the label text and would rename every required field for assistive tech and tests alike.
const noAsterisk = { defaultProps: { withAsterisk: false } };
/** The theme, its built-in labels (close buttons, spinners, pager) given by `label` (an app catalog key). */
function makeTheme(label: (key: string) => string) {
  // Icon-only close buttons (modals, drawers, toasts, alerts) need a name.
  const closeLabel = { 'aria-label': label('close') };
  return createTheme({
    primaryColor: 'blue',
    defaultRadius: 'md',
    components: {
      TextInput: noAsterisk,
      PasswordInput: noAsterisk,
      Textarea: noAsterisk,
      Select: noAsterisk,
      NativeSelect: noAsterisk,
      NumberInput: noAsterisk,
      DateInput: noAsterisk,
      // A link drawn as a button (a name that opens a drawer) would centre its lines when it wraps.
      Anchor: { defaultProps: { ta: 'start' } },
      Modal: { defaultProps: { closeButtonProps: closeLabel } },
      Drawer: { defaultProps: { closeButtonProps: closeLabel } },
      Notification: {
        defaultProps: { closeButtonProps: closeLabel },
        // Mantine draws the toast's text in gray 6 (3.3:1 on white): the readable dimmed colour instead.
        styles: { description: { color: 'var(--mantine-color-dimmed)' } },
      },
      Alert: { defaultProps: { closeButtonLabel: label('close') } },
      // Mantine's focus placeholder is a tabbable child of role=menu that is no menu item (axe: critical).
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // A spinner's aria-label needs a role to be announced (a bare span may not carry one).
      Loader: { defaultProps: { role: 'progressbar', 'aria-label': label('loading') } },
      Pagination: {
        defaultProps: {
          getControlProps: (control: string) => ({ 'aria-label': label(`page.${control}`) }),
        },
      },
    },
  });
}

/**
 * The theme for the build-time CSS variables (scripts/vite-mantine-theme-css.ts): labels play no part, and
 * no catalog is loaded when this module is evaluated (a translation then throws), so they stay keys.
 */
export const theme = makeTheme((key) => key);

const themes = new Map<string, ReturnType<typeof makeTheme>>();

/** The theme in `language`, made once per language after its catalog is in (src/app/providers.tsx). */
export function themeFor(language: string) {
  let made = themes.get(language);
  if (!made) {
    const labels: Record<string, string> = {
      close: translate('app', 'close'),
      loading: translate('app', 'loading'),
      'page.first': translate('app', 'page.first'),
      'page.previous': translate('app', 'page.previous'),
      'page.next': translate('app', 'page.next'),
      'page.last': translate('app', 'page.last'),
    };
    made = makeTheme((key) => labels[key] ?? key);
    themes.set(language, made);
  }
  return made;
}

export { cssVariablesResolver };
