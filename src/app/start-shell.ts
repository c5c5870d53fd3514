// The app's start, inline in the built index.html (scripts/vite-start-script.ts writes it there, with
// `startApp.toString()`): it decides what the page loads first, before any of the app's code.
//
// - Signed out: the entry module (and its static imports) at once, as a plain index.html would.
// - Signed in, opening the dashboard: the start shell first. The page's frame (header, sidebar) and the
//   "Welcome, …" heading are drawn from the stored user and preferences and painted, then the entry and
//   the signed-in chunks are fetched. On a slow phone the user sees their dashboard's frame as soon as the
//   HTML and the stylesheet have arrived, instead of after ~230 KB of script; React replaces the shell with
//   the same frame on its first commit (createRoot empties #root). The script is asked for after that first
//   paint, on purpose: asked for together, a fast network would run it before the browser paints (and
//   Lighthouse, which simulates a slow phone from a fast load, then counts it as needed for the paint). On a
//   slow network that costs the app about a round trip, for a frame painted ~1.3 s sooner. While that
//   script downloads, the first screen's fonts are laid out once each, in small tasks (FIRST_SCREEN_FONTS).
// - Signed in, any other page: the entry and the signed-in chunks at once.
// - Signed in, either way: a worker warms the browser's Intl data (warmIntl) beside the entry's download,
//   off the main thread, before the app's first date formatter needs it.
//
// The whole function is serialized into the page, so it must not use anything from outside its body:
// everything it needs comes in `config`. tests/unit/app/start-shell.test.ts runs it; tests/e2e checks the
// shell sits where the dashboard then draws the same things.
import { CACHED_USER_STORAGE_KEY } from '../features/auth/stores/cached-user';
import { TOKEN_STORAGE_KEY } from '../lib/token-storage';
import { ROLE_DEFAULT_LAYOUT_PRESET, UI_PREFERENCES_KEY } from '../lib/ui-preferences';
import { LAYOUT_MAX_WIDTH, hidesSidebar } from './layout/layout-presets';

export interface StartFiles {
  /** The entry module and the modules it imports statically (index.html's module script and modulepreloads). */
  entry: string[];
  /** What a signed-in start needs next: the shell's and the dashboard's chunks and their stylesheets. */
  signedIn: { scripts: string[]; styles: string[] };
  /** The Intl warm-up worker's script (intlWorkerScript, a file of the build). */
  intlWorker: string;
}

export interface StartConfig extends StartFiles {
  keys: { token: string; user: string; preferences: string };
  /** Main content's max width per layout preset (px; null: none), and the presets without a sidebar. */
  maxWidth: Record<string, number | null>;
  withoutSidebar: string[];
  roleDefaultPreset: Record<string, string>;
  /** The first screen's fonts, laid out ahead (see FIRST_SCREEN_FONTS). */
  fonts: FontSample[];
}

/** A font as CSS writes it: weight, size and family (Mantine's variables). */
type FontSample = [weight: string, size: string, family: string];

const TEXT = 'var(--mantine-font-family)';
const scaled = (rem: number) => `calc(${rem}rem * var(--mantine-scale))`;

/**
 * Every font the dashboards' first screen sets text in (the computed styles of their text on a phone):
 * the page's text sizes and weights, the dashboard's headings, and Mantine's Badge sizes sm and md (the
 * nav's unread count, the role badges). The shell's own heading and brand are laid out with the shell.
 * Chromium on Linux asks the browser process (fontconfig) about each font the first time text uses it, a
 * round trip of 0.5–10 ms each: the app's first layouts after the first paint met about ten of them, in
 * one long task. The start lays out a hidden sample of each, one per task, while the app's code downloads
 * (startApp's `layOutFonts`).
 */
const FIRST_SCREEN_FONTS: FontSample[] = [
  ['700', scaled(0.625), TEXT],
  ['700', scaled(0.6875), TEXT],
  ['400', 'var(--mantine-font-size-xs)', TEXT],
  ['400', 'var(--mantine-font-size-sm)', TEXT],
  ['500', 'var(--mantine-font-size-sm)', TEXT],
  ['600', 'var(--mantine-font-size-sm)', TEXT],
  ['700', 'var(--mantine-font-size-sm)', TEXT],
  ['400', 'var(--mantine-font-size-md)', TEXT],
  ['700', 'var(--mantine-font-size-md)', TEXT],
  ['700', 'var(--mantine-font-size-xl)', TEXT],
  ['700', 'var(--mantine-h3-font-size)', 'var(--mantine-font-family-headings)'],
];

/** The app's constants the start needs, taken from where the app defines them. */
export function startConfig(files: StartFiles): StartConfig {
  const presets = Object.keys(LAYOUT_MAX_WIDTH) as (keyof typeof LAYOUT_MAX_WIDTH)[];
  return {
    ...files,
    keys: { token: TOKEN_STORAGE_KEY, user: CACHED_USER_STORAGE_KEY, preferences: UI_PREFERENCES_KEY },
    maxWidth: Object.fromEntries(presets.map((preset) => [preset, LAYOUT_MAX_WIDTH[preset] ?? null])),
    withoutSidebar: presets.filter(hidesSidebar),
    roleDefaultPreset: { ...ROLE_DEFAULT_LAYOUT_PRESET },
    fonts: FIRST_SCREEN_FONTS,
  };
}

/** The inline script: `startApp` called with `config`. */
export function startScript(config: StartConfig): string {
  // `<` escaped: a file name can never close the script element.
  return `(${startApp.toString()})(${JSON.stringify(config).replace(/</g, '\\u003c')});`;
}

/**
 * The start's Intl warm-up, run in a worker (intlWorkerScript) while the app's code downloads. A browser's
 * first Intl formatter builds the list of the locales it supports and loads its locale data, 15–35 ms in
 * one call on a fast machine (4× that on a phone) that cannot be split. Both are kept for the page's whole
 * process, not per thread: after this has run off the main thread, the app's first date or number
 * formatter costs the main thread about a millisecond (measured in Chromium). The formatters are the
 * app's first ones: src/lib/format-date.ts's date and chart-axis days, src/lib/format-number.ts's numbers
 * and the notifications' relative times.
 */
export function warmIntl(): void {
  const utc = 'UTC';
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: utc }).format(0);
  new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: utc }).format(0);
  new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(1);
  new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(-1, 'day');
  close();
}

/** The Intl warm-up worker's script: `warmIntl` called (serialized like `startApp`, so self-contained). */
export function intlWorkerScript(): string {
  return `(${warmIntl.toString()})();`;
}

interface StoredUser {
  role?: unknown;
  name?: unknown;
  email?: unknown;
  onboarding_completed?: unknown;
  profile_completion_status?: unknown;
}

interface StoredPreferences {
  theme?: unknown;
  sidebarCollapsed?: unknown;
  layoutPreset?: unknown;
}

export function startApp(config: StartConfig): void {
  const doc = document;
  const read = <T>(key: string): T | null => {
    try {
      const raw = localStorage.getItem(key);
      return raw ? (JSON.parse(raw) as T) : null;
    } catch {
      return null;
    }
  };
  let token: string | null = null;
  try {
    token = localStorage.getItem(config.keys.token);
  } catch {
    // storage blocked: a signed-out start
  }
  const prefs = read<StoredPreferences>(config.keys.preferences) ?? {};
  // MantineProvider sets the same attribute when it mounts; set now, a dark theme never flashes white.
  doc.documentElement.setAttribute('data-mantine-color-scheme', prefs.theme === 'dark' ? 'dark' : 'light');

  const addLink = (rel: string, href: string, asStyle: boolean) => {
    const link = doc.createElement('link');
    link.rel = rel;
    // As Vite's import() helper asks for a chunk's stylesheet (CORS mode), so its link reuses this response.
    if (asStyle) link.setAttribute('as', 'style');
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  };
  const load = (signedIn: boolean) => {
    const [entry, ...imports] = config.entry;
    imports.forEach((href) => addLink('modulepreload', href, false));
    if (signedIn) {
      config.signedIn.scripts.forEach((href) => addLink('modulepreload', href, false));
      config.signedIn.styles.forEach((href) => addLink('preload', href, true));
    }
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry ?? '';
    doc.head.appendChild(script);
    if (signedIn) {
      try {
        new Worker(config.intlWorker);
      } catch {
        // no workers: the app's first formatter warms the data itself
      }
    }
  };

  const user = token ? read<StoredUser>(config.keys.user) : null;
  const role = user?.role;
  if (!user || typeof role !== 'string') {
    load(false);
    return;
  }
  const path = location.pathname.replace(/\/+$/, '');
  const onboarded = user.onboarding_completed === true && user.profile_completion_status === 'complete';
  if (!onboarded || (path !== '' && path !== '/dashboard')) {
    load(true);
    return;
  }
  // One hidden sample of each of the first screen's fonts, laid out in a task of its own (FIRST_SCREEN_FONTS
  // says why), then removed. Outside #root, which React empties on its first commit.
  const layOutFonts = () => {
    const box = doc.createElement('div');
    box.setAttribute('aria-hidden', 'true');
    box.style.cssText =
      'position:absolute;top:0;left:0;visibility:hidden;pointer-events:none;white-space:nowrap';
    doc.body.appendChild(box);
    let next = 0;
    const layOutNext = () => {
      const font = config.fonts[next++];
      if (!font) {
        box.remove();
        return;
      }
      const sample = doc.createElement('span');
      sample.style.fontWeight = font[0];
      sample.style.fontSize = font[1];
      sample.style.fontFamily = font[2];
      sample.textContent = 'Aa0';
      box.appendChild(sample);
      // Reading a size lays the sample out now, in this task.
      void box.offsetWidth;
      setTimeout(layOutNext, 0);
    };
    setTimeout(layOutNext, 0);
  };
  const drawShell = () => {
    const root = doc.getElementById('root');
    if (!root) {
      load(true);
      return;
    }
    // The start shell: what AppLayout and the dashboard draw first (their header, sidebar and heading).
    // Own keys only: a stored "toString" is no preset.
    const own = (map: object, key: unknown): key is string =>
      typeof key === 'string' && Object.prototype.hasOwnProperty.call(map, key);
    const roleDefault = own(config.roleDefaultPreset, role) ? config.roleDefaultPreset[role] : undefined;
    const preset = own(config.maxWidth, prefs.layoutPreset) ? prefs.layoutPreset : (roleDefault ?? 'wide');
    const withSidebar = config.withoutSidebar.indexOf(preset) < 0;
    const element = (tag: string, className: string, parent: HTMLElement, text?: string) => {
      const child = doc.createElement(tag);
      child.className = className;
      if (text) child.textContent = text;
      parent.appendChild(child);
      return child;
    };
    const shell = doc.createElement('div');
    shell.className = 'start-shell';
    shell.setAttribute('aria-busy', 'true');
    if (withSidebar)
      shell.setAttribute('data-sidebar', prefs.sidebarCollapsed === true ? 'collapsed' : 'open');
    const header = element('header', 'start-shell-header', shell);
    if (withSidebar) element('span', 'start-shell-burger', element('span', 'start-shell-burger-box', header));
    element('span', 'start-shell-brand', header, 'Affilio');
    if (withSidebar) element('div', 'start-shell-navbar', shell);
    const page = element('div', 'start-shell-page', element('main', 'start-shell-main', shell));
    const maxWidth = config.maxWidth[preset];
    if (maxWidth) page.style.maxWidth = `${maxWidth}px`;
    // The dashboard's own rule (src/app/routes/app/dashboard.tsx): the first word of the name, else the email.
    const name = typeof user.name === 'string' ? user.name.trim().split(/\s+/)[0] : '';
    const email = typeof user.email === 'string' ? user.email : '';
    element('h1', 'start-shell-title', page, `Welcome, ${name || email}`);
    root.replaceChildren(shell);

    // In a background tab no frame is drawn: nothing to wait for.
    if (doc.visibilityState !== 'visible') load(true);
    else
      requestAnimationFrame(() =>
        setTimeout(() => {
          load(true);
          layOutFonts();
        }, 0),
      );
  };
  // The script runs in <head>, before the stylesheet: the shell goes into #root once the body is parsed.
  if (doc.readyState === 'loading')
    doc.addEventListener('DOMContentLoaded', () => drawShell(), { once: true });
  else drawShell();
}
