import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** `<script>…</script>` without a src: an inline script's text, exactly as the browser hashes it. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * CSP sources ('sha256-…') for the inline scripts of the built index.html: its start script
 * (scripts/vite-start-script.ts). Read once at start; the build and the server ship together.
 */
export function inlineScriptHashes(staticDir: string | null): string[] {
  const file = staticDir === null ? null : path.join(staticDir, 'index.html');
  if (!file || !existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, source]) => `'sha256-${createHash('sha256').update(source!, 'utf8').digest('base64')}'`,
  );
}
