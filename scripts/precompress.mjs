// After the web build: writes a brotli (.br) and a gzip (.gz) copy beside every file of dist/web the
// server may send compressed, at the highest levels (decision 018). The server picks one by the browser's
// Accept-Encoding, so that no request pays for compression. A copy that saves nothing is not written.
// Usage: node scripts/precompress.mjs [dir]   (part of `npm run build:web`)
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than a packet's worth. */
const MIN_BYTES = 256;

const root = path.resolve(process.argv[2] ?? 'dist/web');
let written = 0;
let saved = 0;

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name.startsWith('.')) continue; // the build manifest: never served
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

for (const file of [...filesUnder(root)]) {
  if (file.endsWith('.br') || file.endsWith('.gz')) {
    rmSync(file); // from an earlier run over the same folder
    continue;
  }
  if (!COMPRESSIBLE.test(file)) continue;
  const raw = readFileSync(file);
  if (raw.length < MIN_BYTES) continue;
  const copies = {
    '.br': brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    '.gz': gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }),
  };
  for (const [ext, body] of Object.entries(copies)) {
    if (body.length >= raw.length * 0.95) continue;
    writeFileSync(file + ext, body);
    written += 1;
    saved += raw.length - body.length;
  }
}
console.info(
  `precompressed: ${written} copies in ${path.relative(process.cwd(), root) || '.'}, ${(saved / 1024).toFixed(0)} kB saved`,
);
