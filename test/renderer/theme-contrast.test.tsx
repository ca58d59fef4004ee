// Both themes pass WCAG AA: every text colour the window uses is at least 4.5:1 against
// every surface it is drawn on. Read from the stylesheet itself, so a colour change that
// breaks readability fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(path.resolve(import.meta.dirname, '../../renderer/src/styles/theme.css'), 'utf8');

function themeVars(selector: string): Record<string, string> {
  const start = css.indexOf(selector);
  const block = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!]),
  );
}

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

const PAIRS: [string, string[]][] = [
  ['text', ['bg', 'surface', 'surface-2', 'surface-3']],
  ['text-muted', ['bg', 'surface', 'surface-2']],
  ['accent', ['bg', 'surface', 'surface-2']],
  ['warn', ['bg', 'surface']],
  ['danger', ['bg', 'surface']],
  ['ok', ['bg', 'surface']],
  ['demo-text', ['demo-bg']],
  ['accent-contrast', ['accent']],
];

describe.each([
  ['dark', ":root[data-theme='dark']"],
  ['light', ":root[data-theme='light']"],
])('the %s theme', (_name, selector) => {
  const vars = themeVars(selector);
  it.each(PAIRS)('%s reads at 4.5:1 or more on its surfaces', (fg, backgrounds) => {
    expect(vars[fg], fg).toMatch(/^#/);
    for (const bg of backgrounds) {
      expect(vars[bg], bg).toMatch(/^#/);
      expect(contrast(vars[fg]!, vars[bg]!), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
