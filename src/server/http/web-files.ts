import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';
import { contentSecurityPolicy } from './security-headers';

/** Vite names every file under assets/ by its content: a name never changes content, so browsers keep it. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** HTML and the few unhashed files: browsers keep them but ask first (If-None-Match, a 304 when unchanged). */
export const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

type Encoding = 'br' | 'gzip';
/** The copies scripts/precompress.mjs writes beside a file, in the order the server prefers them. */
const COPIES: [Encoding, string][] = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

interface Variant {
  encoding: Encoding | null;
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

const read = (file: string) => new Uint8Array(readFileSync(file));

/** One built file as the server sends it: its type, cache policy and its bytes in each encoding. */
export interface WebFile {
  type: string;
  cacheControl: string;
  /** The precompressed copies first (brotli, then gzip), the file itself last. */
  variants: Variant[];
  /** An HTML file's Content-Security-Policy: its own inline scripts allowed by their hashes. */
  csp?: string;
}

function readWebFile(file: string, names: Set<string>, cacheControl: string): WebFile {
  const body = read(file);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  const variants: Variant[] = [];
  for (const [encoding, ext] of COPIES) {
    if (names.has(path.basename(file) + ext)) {
      variants.push({ encoding, body: read(file + ext), etag: `"${hash}-${ext.slice(1)}"` });
    }
  }
  variants.push({ encoding: null, body, etag: `"${hash}"` });
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  if (!type.startsWith('text/html')) return { type, cacheControl, variants };
  const csp = contentSecurityPolicy(inlineScriptHashes(new TextDecoder().decode(body)));
  return { type, cacheControl, variants, csp };
}

export interface WebRoot {
  /** Files by the path a browser asks for (`/assets/entry.client-abc.js`, `/icon.svg`). */
  files: Map<string, WebFile>;
  /**
   * The pages prerendered at build time (decision 048), by their address (`/`, `/auth`).
   */
  pages: Map<string, WebFile>;
}

/** The sha256 hashes of a page's inline scripts, as a CSP names them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body) hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/**
 * Reads the browser's build once, at start (`dist/web/client`): what can be served is exactly what the
 * build wrote, so no request path reaches the file system. A prerendered page (`auth/index.html`) is served
 * at its address (`/auth`), never by its file name. Not served: source maps (they stay on the server) and
 * dot folders.
 */
export function loadWebRoot(root: string): WebRoot {
  const files = new Map<string, WebFile>();
  const pages: WebRoot['pages'] = new Map();
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    const names = new Set(entries.map((e) => e.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      if (/\.(map|br|gz)$/.test(entry.name)) continue;
      const url = `/${path.relative(root, full).split(path.sep).join('/')}`;
      if (entry.name === 'index.html') {
        const page = readWebFile(full, names, REVALIDATE);
        const address = url.slice(0, -'/index.html'.length) || '/';
        pages.set(address, page);
        // The service worker precaches the landing page by its file name (decision 031).
        if (address === '/') files.set(url, page);
        continue;
      }
      files.set(url, readWebFile(full, names, url.startsWith('/assets/') ? IMMUTABLE : REVALIDATE));
    }
  };
  walk(root);
  return { files, pages };
}

/** The weight a request's Accept-Encoding gives an encoding (`*` covers the ones it does not name). */
function weightOf(header: string, encoding: Encoding): number {
  let wildcard = 0;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) || 0 : 1;
    if (name === encoding) return weight;
    if (name === '*') wildcard = weight;
  }
  return wildcard;
}

const etagMatches = (header: string | undefined, etag: string) =>
  (header ?? '').split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });

/**
 * Sends a built file in the best encoding the browser accepts (a precompressed copy when there is one),
 * with `Vary: Accept-Encoding` so that caches keep each encoding apart, and a 304 when the browser's
 * copy is current.
 */
export function sendWebFile(c: Context, file: WebFile, status: 200 | 404 = 200, vary?: string): Response {
  const accept = c.req.header('Accept-Encoding') ?? '';
  const variant =
    file.variants.find((v) => v.encoding === null || weightOf(accept, v.encoding) > 0) ??
    file.variants.at(-1)!;
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    'Cache-Control': file.cacheControl,
    ...(file.csp ? { 'Content-Security-Policy': file.csp } : {}),
  };
  const varies = [...(file.variants.length > 1 ? ['Accept-Encoding'] : []), ...(vary ? [vary] : [])];
  if (varies.length > 0) headers.Vary = varies.join(', ');
  if (variant.encoding) headers['Content-Encoding'] = variant.encoding;
  if (status === 200) {
    headers.ETag = variant.etag;
    if (etagMatches(c.req.header('If-None-Match'), variant.etag)) return c.body(null, 304, headers);
  }
  headers['Content-Length'] = String(variant.body.length);
  return c.body(variant.body, status, headers);
}
