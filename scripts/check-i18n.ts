// `npm run lint:i18n`: the UI's catalogs (src/locales/<language>/<namespace>.json) and the server's
// (server/locales/<language>/<namespace>.json, texts written to users: see server/platform/i18n.ts) are
// complete and used, each checked on its own.
// Fails on a key missing in a language, a message that does not compile or whose placeholders differ from
// English's, a key the code uses that no catalog has, and a key no code uses. What counts as a use is
// described in src/lib/i18n.ts: t('key') after `const { t } = useTranslation('ns')` (or `t: name`),
// translate('ns', 'key'), msgKey('key') in a file of one namespace, and t(`prefix.${x}`) for every
// key under "prefix.".
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { catalogLanguages, readCatalog, type Catalog } from './locale-catalogs';

export interface Uses {
  /** exact ids "<ns>:<key>" */
  ids: Set<string>;
  /** id prefixes "<ns>:<prefix>" from template literals */
  prefixes: Set<string>;
  /** where each id is used, for the message of a missing key */
  where: Map<string, string>;
}

const HOOK = /const\s*\{([^}]*)\}\s*=\s*useTranslation\(\s*['"]([\w-]+)['"]\s*\)/g;

function escape(name: string): string {
  return name.replace(/[$]/g, '\\$');
}

/** The translation ids a source file uses. */
export function usesIn(source: string, file: string, uses: Uses): void {
  const add = (id: string) => {
    uses.ids.add(id);
    if (!uses.where.has(id)) uses.where.set(id, file);
  };
  // each hook's binding (t, or `t: name`) and where it is: a call belongs to the nearest hook above it
  // binding that name (components follow one another in a file), else the first one below
  const hooks: { name: string; namespace: string; at: number }[] = [];
  const namespaces: string[] = [];
  for (const match of source.matchAll(HOOK)) {
    const [, bindings = '', namespace = ''] = match;
    namespaces.push(namespace);
    const binding = /(?:^|,)\s*t\s*(?::\s*([\w$]+))?\s*(?:,|$)/.exec(bindings);
    if (binding) hooks.push({ name: binding[1] ?? 't', namespace, at: match.index });
  }
  const namespaceAt = (name: string, at: number) => {
    const same = hooks.filter((h) => h.name === name);
    return (same.filter((h) => h.at < at).pop() ?? same[0])?.namespace;
  };
  for (const name of new Set(hooks.map((h) => h.name))) {
    const n = escape(name);
    for (const call of source.matchAll(new RegExp(`(?<![\\w$.])${n}\\(\\s*(['"])([^'"]+)\\1`, 'g'))) {
      add(`${namespaceAt(name, call.index)}:${call[2]}`);
    }
    for (const call of source.matchAll(new RegExp(`(?<![\\w$.])${n}\\(\\s*\`([^\`$]*)\\$\\{`, 'g'))) {
      uses.prefixes.add(`${namespaceAt(name, call.index)}:${call[1]}`);
    }
  }
  for (const call of source.matchAll(/(?<![\w$.])translate\(\s*['"]([\w-]+)['"]\s*,\s*(['"])([^'"]+)\2/g)) {
    add(`${call[1]}:${call[3]}`);
  }
  for (const call of source.matchAll(/(?<![\w$.])translate\(\s*['"]([\w-]+)['"]\s*,\s*`([^`$]*)\$\{/g)) {
    uses.prefixes.add(`${call[1]}:${call[2]}`);
  }
  const keys = [...source.matchAll(/(?<![\w$.])msgKey\(\s*(['"])([^'"]+)\1/g)].map((m) => m[2]);
  if (keys.length > 0) {
    const distinct = [...new Set(namespaces)];
    if (distinct.length !== 1) {
      throw new Error(`${file}: msgKey() needs exactly one useTranslation namespace in the file`);
    }
    for (const key of keys) add(`${distinct[0]}:${key}`);
  }
}

/**
 * The translation ids a server file uses: every string literal "<namespace>:<key>" of one of the server's
 * namespaces (msg('notifications:…'), translate(language, 'mail:…'), t('pdf:…'), or kept in a map), and
 * `ns:prefix${…}` template literals as prefixes.
 */
export function serverUsesIn(source: string, file: string, namespaces: string[], uses: Uses): void {
  if (namespaces.length === 0) return;
  const names = namespaces.map((n) => n.replace(/[^\w-]/g, '')).join('|');
  for (const match of source.matchAll(new RegExp(`(['"\`])((?:${names}):[\\w.-]+)\\1`, 'g'))) {
    const id = match[2]!;
    uses.ids.add(id);
    if (!uses.where.has(id)) uses.where.set(id, file);
  }
  for (const match of source.matchAll(new RegExp(`\`((?:${names}):[\\w.-]*)\\$\\{`, 'g'))) {
    uses.prefixes.add(match[1]!);
  }
}

function argumentNames(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    into.add(token[0]);
    const choices = token[2];
    if (choices && typeof choices === 'object' && !Array.isArray(choices)) {
      for (const [choice, value] of Object.entries(choices)) {
        if (choice !== 'offset' && Array.isArray(value)) argumentNames(value as CompiledMessage, into);
      }
    }
  }
  return into;
}

/** Every problem found, one line each; empty when the catalogs are complete and used. */
export function checkCatalogs(catalogs: Record<string, Catalog>, uses: Uses, reference = 'en'): string[] {
  const problems: string[] = [];
  const base = catalogs[reference] ?? {};
  const languages = Object.keys(catalogs).sort();
  const allIds = new Set(languages.flatMap((language) => Object.keys(catalogs[language] ?? {})));
  for (const id of [...allIds].sort()) {
    const names = new Map<string, string>();
    for (const language of languages) {
      const message = catalogs[language]?.[id];
      if (message === undefined) {
        problems.push(`${language}: missing "${id}"`);
        continue;
      }
      try {
        names.set(language, [...argumentNames(compileMessageOrThrow(message))].sort().join(','));
      } catch (error) {
        problems.push(`${language}: "${id}" does not compile: ${(error as Error).message}`);
      }
    }
    const expected = names.get(reference);
    for (const [language, got] of names) {
      if (expected !== undefined && got !== expected) {
        problems.push(`${language}: "${id}" has placeholders {${got}}, ${reference} has {${expected}}`);
      }
    }
    const used = uses.ids.has(id) || [...uses.prefixes].some((prefix) => id.startsWith(prefix));
    if (!used) problems.push(`unused key "${id}" (no code uses it)`);
  }
  for (const id of [...uses.ids].sort()) {
    if (!(id in base)) problems.push(`${uses.where.get(id)}: uses "${id}", which ${reference} does not have`);
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function readCatalogs(localeDir: string): Record<string, Catalog> {
  return Object.fromEntries(
    catalogLanguages(localeDir).map((language) => [language, readCatalog(localeDir, language)]),
  );
}

/** Prints the problems of one set of catalogs; answers whether there were none. */
function report(what: string, catalogs: Record<string, Catalog>, uses: Uses): boolean {
  const problems = checkCatalogs(catalogs, uses);
  const count = Object.keys(catalogs.en ?? {}).length;
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(`\n${problems.length} problem(s) in the ${what}'s catalogs (${count} English keys).`);
    return false;
  }
  console.log(`i18n (${what}): ${Object.keys(catalogs).join(', ')} complete, ${count} keys, all used.`);
  return true;
}

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const catalogs = readCatalogs(path.join(root, 'src/locales'));
  const uses: Uses = { ids: new Set(), prefixes: new Set(), where: new Map() };
  // src/lib/i18n.ts only shows the calls in its comment
  const own = path.join(root, 'src/lib/i18n.ts');
  for (const file of sourceFiles(path.join(root, 'src')).filter((f) => f !== own)) {
    usesIn(readFileSync(file, 'utf8'), path.relative(root, file), uses);
  }
  const ui = report('UI', catalogs, uses);

  const serverLocales = path.join(root, 'server/locales');
  const serverCatalogs = readCatalogs(serverLocales);
  const namespaces = [
    ...new Set(Object.values(serverCatalogs).flatMap((c) => Object.keys(c).map((id) => id.split(':')[0]!))),
  ];
  const serverUses: Uses = { ids: new Set(), prefixes: new Set(), where: new Map() };
  // server/platform/i18n.ts only shows the calls in its comment
  const serverOwn = path.join(root, 'server/platform/i18n.ts');
  for (const file of sourceFiles(path.join(root, 'server')).filter((f) => f !== serverOwn)) {
    serverUsesIn(readFileSync(file, 'utf8'), path.relative(root, file), namespaces, serverUses);
  }
  const server = report('server', serverCatalogs, serverUses);
  if (!ui || !server) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
