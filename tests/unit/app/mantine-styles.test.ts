// The entry's Mantine stylesheet holds only the first screens' component styles; the rest load lazily.
// These checks keep that split safe: together the two lists are @mantine/core/styles.css in its order,
// the first list holds every component its components are built on (so a later stylesheet never comes
// before a rule it must override), and every component the first screens import has its styles there.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CORE = path.join(ROOT, 'node_modules/@mantine/core');
const GLOBAL_STYLES = ['baseline', 'default-css-variables', 'global'];
/** The first screens' code: sign-in (the entry), the signed-in shell, the dashboard, toasts, update prompt. */
const FIRST_SCREEN_ROOTS = [
  'src/main.tsx',
  'src/app/signed-in-shell.tsx',
  'src/app/routes/app/dashboard.tsx',
  'src/app/toast-container.ts',
  'src/app/pwa/update-prompt.tsx',
];
/** Core components other Mantine packages of the first screens render (modals, spotlight, toasts). */
const FROM_OTHER_PACKAGES = ['Modal', 'Highlight', 'Notification', 'Input', 'ScrollArea'];

const read = (file: string) => readFileSync(file, 'utf8');

/** Component styles imported by a styles module, in its order. */
function stylesIn(file: string): string[] {
  return [...read(path.join(ROOT, file)).matchAll(/import '@mantine\/core\/styles\/([\w-]+)\.css';/g)].map(
    ([, name]) => name!,
  );
}

/** styles.css is the per-component files one after another: their order is where each one starts. */
function canonicalOrder(): string[] {
  const all = read(path.join(CORE, 'styles.css'));
  return readdirSync(path.join(CORE, 'styles'))
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => ({
      name: file.replace(/\.css$/, ''),
      at: all.indexOf(
        read(path.join(CORE, 'styles', file))
          .trim()
          .slice(0, 200),
      ),
    }))
    .sort((a, b) => a.at - b.at)
    .map(({ name }) => name);
}

/** The components (directory names under esm/components) a core module is built from, itself included. */
function componentsUnder(entry: string, seen = new Set<string>(), found = new Set<string>()): Set<string> {
  if (seen.has(entry)) return found;
  seen.add(entry);
  const component = /\/esm\/components\/(\w+)\//.exec(entry)?.[1];
  if (component) found.add(component);
  for (const [, spec] of read(entry).matchAll(/from\s*"(\.[^"]+)"/g)) {
    const target = path.resolve(path.dirname(entry), spec!);
    if (existsSync(target)) componentsUnder(target, seen, found);
  }
  return found;
}

const coreExports = new Map<string, string>();
for (const [, names, source] of read(path.join(CORE, 'esm/index.mjs')).matchAll(
  /import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g,
)) {
  for (const name of names!.split(',')) {
    const local = name
      .trim()
      .split(/\s+as\s+/)
      .pop();
    if (local) coreExports.set(local, path.resolve(CORE, 'esm', source!));
  }
}

/** The @mantine/core names the static imports of `roots` use, all the way down through src/. */
function coreNamesImported(roots: string[]): Set<string> {
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const from = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s*'([^']+)'/g;
    for (const [, typeOnly, clause, spec] of read(file).matchAll(from)) {
      if (typeOnly) continue;
      if (spec === '@mantine/core') {
        for (const name of /\{([^}]*)\}/.exec(clause!)?.[1]?.split(',') ?? []) {
          const trimmed = name.trim();
          if (trimmed && !trimmed.startsWith('type ')) names.add(trimmed.split(/\s+as\s+/)[0]!);
        }
      } else if (spec!.startsWith('.') && !spec!.endsWith('.css')) {
        const base = path.resolve(path.dirname(file), spec!);
        const target = ['.ts', '.tsx', '']
          .map((ext) => base + ext)
          .find((f) => existsSync(f) && statSync(f).isFile());
        if (target) visit(target);
      }
    }
  };
  roots.forEach((root) => visit(path.join(ROOT, root)));
  return names;
}

describe('Mantine styles split between the entry and the lazy stylesheet', () => {
  const first = stylesIn('src/app/styles/first-screen-styles.ts');
  const more = stylesIn('src/lib/mantine-more-styles.ts');
  const canonical = canonicalOrder();
  const inOrder = (list: string[]) => canonical.filter((name) => list.includes(name));

  it('together hold every file of styles.css once, each list in its order', () => {
    expect([...first, ...more].sort()).toEqual([...canonical].sort());
    expect(first).toEqual(inOrder(first));
    expect(more).toEqual(inOrder(more));
    expect(first.slice(0, 3)).toEqual(GLOBAL_STYLES);
  });

  it('the entry holds every component its components are built on', () => {
    const missing = first.flatMap((name) => {
      const entry = path.join(CORE, 'esm/components', name, `${name}.mjs`);
      if (!existsSync(entry)) return [];
      return [...componentsUnder(entry)]
        .filter((dep) => canonical.includes(dep) && !first.includes(dep))
        .map((dep) => `${name} needs ${dep}`);
    });
    expect(missing).toEqual([]);
  });

  it('the entry holds the styles of every component the first screens import', () => {
    const names = [...coreNamesImported(FIRST_SCREEN_ROOTS), ...FROM_OTHER_PACKAGES];
    const missing = names.flatMap((name) => {
      const source = coreExports.get(name);
      if (!source) return [];
      return [...componentsUnder(source)]
        .filter((dep) => canonical.includes(dep) && !first.includes(dep))
        .map((dep) => `${name} needs ${dep}`);
    });
    expect([...new Set(missing)]).toEqual([]);
  });
});
