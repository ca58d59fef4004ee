// What both window hosts serve the same way: the built renderer's files, each with the
// Content-Security-Policy as a header (Electron security checklist 7) and its MIME type.
// Electron main (the app:// protocol) and `serve` (loopback HTTP) import this one module,
// so neither host imports the other.
import path from 'node:path';

export const RENDERER_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.pbf': 'application/x-protobuf',
  '.woff2': 'font/woff2',
};

export const mimeType = (file: string): string => MIME[path.extname(file)] ?? 'application/octet-stream';

/**
 * The file a request path names inside the renderer folder ("/" is index.html), or null
 * when it would leave the folder (`..`, encoded or not) or cannot be decoded.
 */
export function rendererFile(dir: string, pathname: string): string | null {
  const root = path.resolve(dir);
  let rel: string;
  try {
    rel = decodeURIComponent(pathname).replace(/^\/+/, '') || 'index.html';
  } catch {
    return null;
  }
  const file = path.resolve(root, rel);
  return file.startsWith(root + path.sep) ? file : null;
}

/** The headers every renderer file carries, whichever host serves it. */
export const rendererHeaders = (file: string): Record<string, string> => ({
  'Content-Type': mimeType(file),
  'Content-Security-Policy': RENDERER_CSP,
  'X-Content-Type-Options': 'nosniff',
});
