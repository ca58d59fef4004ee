// Renders the app icon (resources/icon.svg) into what the installers take, in
// resources/icons/: PNGs for Linux (16…512 px, named by size as electron-builder's Linux
// targets expect), icon.ico for Windows and icon.icns for macOS. The results are committed,
// so packaging needs no image tools; run this again only when icon.svg changes:
//
//   node scripts/make-icons.mjs      (needs rsvg-convert: Debian/Ubuntu librsvg2-bin,
//                                     macOS `brew install librsvg`)
//
// ICO and ICNS both accept PNG-compressed entries (Windows Vista+, macOS 10.7+), so they are
// assembled here from the same PNGs rather than through another tool.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const svg = path.join(root, 'resources', 'icon.svg');
const out = path.join(root, 'resources', 'icons');
const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
// ICNS element types holding PNG data, by pixel size (Apple's icns format, "PNG" OSTypes).
const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
];

function render(size) {
  try {
    return execFileSync('rsvg-convert', ['--width', String(size), '--height', String(size), svg]);
  } catch (e) {
    if (e.code === 'ENOENT')
      throw new Error('rsvg-convert not found: install librsvg2-bin (Debian/Ubuntu) or librsvg (Homebrew)', {
        cause: e,
      });
    throw e;
  }
}

function ico(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(pngs.length, 4);
  const entries = [];
  let offset = 6 + 16 * pngs.length;
  for (const [size, data] of pngs) {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0); // 0 means 256
    e.writeUInt8(size >= 256 ? 0 : size, 1);
    e.writeUInt8(0, 2); // no palette
    e.writeUInt8(0, 3);
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    entries.push(e);
  }
  return Buffer.concat([header, ...entries, ...pngs.map(([, data]) => data)]);
}

function icns(pngBySize) {
  const chunks = ICNS_TYPES.map(([type, size]) => {
    const data = pngBySize(size);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(8 + data.length, 4);
    return Buffer.concat([head, data]);
  });
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + body.length, 4);
  return Buffer.concat([head, body]);
}

readFileSync(svg); // a clear ENOENT naming the file when it is missing
mkdirSync(out, { recursive: true });
const cache = new Map();
const png = (size) => {
  if (!cache.has(size)) cache.set(size, render(size));
  return cache.get(size);
};
for (const size of LINUX_SIZES) writeFileSync(path.join(out, `${size}x${size}.png`), png(size));
writeFileSync(path.join(out, 'icon.png'), png(1024)); // electron-builder's fallback source
writeFileSync(path.join(out, 'icon.ico'), ico(ICO_SIZES.map((s) => [s, png(s)])));
writeFileSync(path.join(out, 'icon.icns'), icns(png));
console.log(`icons written to ${path.relative(root, out)}/`);
