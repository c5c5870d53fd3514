// The theme's CSS variables come from the build (scripts/vite-mantine-theme-css.ts) instead of
// MantineProvider at run time: they must be exactly what MantineProvider would render for the theme, or
// colours (and the contrast the a11y e2e checks) would change with a Mantine upgrade or a theme edit.
import * as core from '@mantine/core';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { themeVariablesCss } from '../../../scripts/vite-mantine-theme-css';
import { cssVariablesResolver, theme } from '../../../src/app/theme';

function renderedByMantine(): string {
  const { container, unmount } = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <span />
    </MantineProvider>,
  );
  const style = document.querySelector('style[data-mantine-styles]') ?? container.querySelector('style');
  const css = style?.innerHTML ?? '';
  unmount();
  return css;
}

describe('theme CSS variables written at build time', () => {
  it('are the ones MantineProvider renders for the theme', () => {
    const runtime = renderedByMantine();
    expect(runtime).toContain('--mantine-color-anchor');
    expect(themeVariablesCss(core, theme, cssVariablesResolver)).toBe(runtime);
  });

  it('carry the readable colours of the theme, in both colour schemes', () => {
    const css = themeVariablesCss(core, theme, cssVariablesResolver);
    const light = cssVariablesResolver(core.mergeMantineTheme(core.DEFAULT_THEME, theme)).light;
    expect(css).toContain(
      `:root[data-mantine-color-scheme="light"], :host([data-mantine-color-scheme="light"])`,
    );
    expect(css).toContain(`--mantine-color-red-text: ${light['--mantine-color-red-text']}`);
    expect(css).toContain(':root[data-mantine-color-scheme="dark"]');
    expect(css).toContain('--mantine-color-dimmed: var(--mantine-color-dark-1)');
  });
});
