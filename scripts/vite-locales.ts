// Vite plugin: `import('virtual:locale/da')` is Danish's whole catalog (src/locales/da/*.json), compiled
// with Lingui's own message compiler at build time, so the browser gets ready token arrays and no ICU
// parser. Each language is one lazy chunk: none of it is in the initial JS (src/lib/i18n.ts loads it).
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { catalogFiles, readCatalog } from './locale-catalogs';

const PREFIX = 'virtual:locale/';
const RESOLVED = `\0${PREFIX}`;

export function localeCatalogs(dir: string): Plugin {
  const root = path.resolve(dir);
  return {
    name: 'affilio-locale-catalogs',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `${RESOLVED}${id.slice(PREFIX.length)}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const language = id.slice(RESOLVED.length);
      if (!/^[a-z]{2}$/.test(language)) throw new Error(`Unknown language "${language}"`);
      for (const file of catalogFiles(root, language)) this.addWatchFile(file);
      const compiled = Object.fromEntries(
        Object.entries(readCatalog(root, language)).map(([id, message]) => {
          try {
            return [id, compileMessageOrThrow(message)];
          } catch (error) {
            throw new Error(`${language} ${id}: ${(error as Error).message}`, { cause: error });
          }
        }),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
