// Vite plugin: the theme's CSS variables written into the entry's stylesheet at build time.
//
// MantineProvider otherwise computes them in the browser on every start (its MantineCssVariables: the
// default resolver over the whole theme, ours on top, both compared with the default theme's to keep only
// what differs) and renders them as a <style> in the first render: ~30 ms of the first start's main
// thread on this machine, four times that on Lighthouse's phone. The theme is a constant
// (src/app/theme.ts), so the same CSS is computed once here, with Mantine's own functions, and the app's
// MantineProvider runs with `withCssVariables={false}`. tests/unit/app/theme-css.test.tsx checks that
// this CSS is exactly what MantineProvider renders for the theme.
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';

export const THEME_CSS_ID = 'virtual:mantine-theme.css';
const RESOLVED_ID = `\0${THEME_CSS_ID}`;
/** Imported by name at build time (not a literal import: its types would come into this Node project). */
const MANTINE_CORE = '@mantine/core';

// The parts of @mantine/core used here, typed structurally: its types would bring React's DOM types into
// the Node project of this config.
type VariableSet = Record<string, string>;
interface ThemeVariables {
  variables: VariableSet;
  light: VariableSet;
  dark: VariableSet;
}
interface Core<Theme> {
  DEFAULT_THEME: Theme;
  mergeMantineTheme(base: Theme, override: object): Theme;
  defaultCssVariablesResolver(theme: Theme): ThemeVariables;
  convertCssVariables(input: ThemeVariables): string;
}
type Resolver<Theme> = (theme: Theme) => ThemeVariables;

/** What MantineCssVariables renders for `theme` under a MantineProvider with its default selector. */
export function themeVariablesCss<Theme>(
  core: Core<Theme>,
  theme: object,
  resolver: Resolver<Theme>,
): string {
  const merged = core.mergeMantineTheme(core.DEFAULT_THEME, theme);
  const base = core.defaultCssVariablesResolver(merged);
  const own = resolver(merged);
  const defaults = core.defaultCssVariablesResolver(core.DEFAULT_THEME);
  // Only what differs from the default theme's variables: @mantine/core/styles.css declares those.
  const changed = (part: keyof ThemeVariables) =>
    Object.fromEntries(
      Object.entries({ ...base[part], ...own[part] }).filter(([key, value]) => defaults[part][key] !== value),
    );
  return core.convertCssVariables({
    variables: changed('variables'),
    light: changed('light'),
    dark: changed('dark'),
  });
}

/**
 * `import 'virtual:mantine-theme.css'` (after Mantine's own styles) is the CSS above for the `theme` and
 * `cssVariablesResolver` that `themeFile` exports (imported through Vite's module runner, as a config is).
 */
export function mantineThemeCss(themeFile: string): Plugin {
  let root = process.cwd();
  return {
    name: 'affilio:mantine-theme-css',
    configResolved(config) {
      root = config.root;
    },
    resolveId: (id) => (id === THEME_CSS_ID ? RESOLVED_ID : null),
    async load(id) {
      if (id !== RESOLVED_ID) return null;
      const [{ module }, core] = await Promise.all([
        runnerImport<{ theme: object; cssVariablesResolver: Resolver<unknown> }>(
          path.resolve(root, themeFile),
          {
            configFile: false,
          },
        ),
        import(MANTINE_CORE) as Promise<Core<unknown>>,
      ]);
      this.addWatchFile(path.resolve(root, themeFile));
      return themeVariablesCss(core, module.theme, module.cssVariablesResolver);
    },
  };
}
