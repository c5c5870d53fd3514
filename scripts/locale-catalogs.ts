// The UI's message catalogs: src/locales/<language>/<namespace>.json, each a flat object of key → ICU
// message ("{count, plural, one {# campaign} other {# campaigns}}"). A message's id is "<namespace>:<key>".
// Read by the Vite plugin below (compiled into one lazy chunk per language) and by scripts/check-i18n.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type Catalog = Record<string, string>;

export function catalogLanguages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export function catalogFiles(dir: string, language: string): string[] {
  return readdirSync(path.join(dir, language))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.join(dir, language, name));
}

/** Every message of `language`, by id "<namespace>:<key>". Throws on a value that is not a string. */
export function readCatalog(dir: string, language: string): Catalog {
  const messages: Catalog = {};
  for (const file of catalogFiles(dir, language)) {
    const namespace = path.basename(file, '.json');
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value !== 'string') throw new Error(`${file}: "${key}" is not a string`);
      messages[`${namespace}:${key}`] = value;
    }
  }
  return messages;
}
