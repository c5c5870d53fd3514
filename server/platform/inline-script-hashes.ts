import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** `<script>…</script>` without a src: an inline script's text, exactly as the browser hashes it. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** How often the file's modification time is checked, at most. */
const CHECK_EVERY_MS = 1000;

/** CSP sources ('sha256-…') for the inline scripts of an HTML text. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, source]) => `'sha256-${createHash('sha256').update(source!, 'utf8').digest('base64')}'`,
  );
}

/**
 * The CSP's script-src sources: 'self' and the hashes of the built index.html's inline scripts (its start
 * script, scripts/vite-start-script.ts). The file is read again when it changes, so a build replaced under a
 * running server still starts; without a build, 'self' alone. The same array comes back until the sources
 * change, so a caller can keep what it built from them.
 */
export function scriptSources(staticDir: string | null): () => readonly string[] {
  const file = staticDir === null ? null : path.join(staticDir, 'index.html');
  const selfOnly: readonly string[] = ["'self'"];
  let checkedAt = -Infinity;
  let modified = -1;
  let sources = selfOnly;
  return () => {
    const now = Date.now();
    if (file === null || now - checkedAt < CHECK_EVERY_MS) return sources;
    checkedAt = now;
    try {
      const mtime = statSync(file).mtimeMs;
      if (mtime !== modified) {
        const next = ["'self'", ...inlineScriptHashes(readFileSync(file, 'utf8'))];
        if (next.join(' ') !== sources.join(' ')) sources = next;
        modified = mtime;
      }
    } catch {
      sources = selfOnly;
      modified = -1;
    }
    return sources;
  };
}
