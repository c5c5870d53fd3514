import { POSTBACK_MACROS, type PostbackMacro } from '../../../contracts/integrations';

const MACRO = /\{([^{}]*)\}/g;
const KNOWN = new Set<string>(POSTBACK_MACROS);

/** The `{name}` macros in a postback URL that are not on the list (empty when all are known). */
export function unknownMacros(url: string): string[] {
  return [...new Set([...url.matchAll(MACRO)].map((m) => m[1]!).filter((name) => !KNOWN.has(name)))];
}

export type MacroValues = Record<PostbackMacro, string>;

/** The URL with each macro replaced by its value, URL-encoded (an unknown one is left as written). */
export function fillMacros(url: string, values: MacroValues): string {
  return url.replace(MACRO, (whole, name: string) =>
    KNOWN.has(name) ? encodeURIComponent(values[name as PostbackMacro]) : whole,
  );
}
