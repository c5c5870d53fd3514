// Runs after `vite build`: writes brotli (.br, quality 11) and gzip (.gz, level 9) copies of the text assets
// in dist/, once at build time, so the server sends them precompressed (@fastify/static `preCompressed`)
// instead of compressing the same files on every request. Copies that would not save 10% are skipped.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist';
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name) && statSync(full).size >= MIN_BYTES) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(root)) {
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  if (br.length < data.length * 0.9) writeFileSync(`${file}.br`, br);
  if (gz.length < data.length * 0.9) writeFileSync(`${file}.gz`, gz);
  count++;
  before += data.length;
  after += Math.min(br.length, data.length);
}
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`precompressed ${count} files in ${root}/: ${kib(before)} → ${kib(after)} with brotli`);
