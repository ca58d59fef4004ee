// The basemap's colours for each theme. The land is quiet on purpose: signals drawn over it
// carry the colour (severity bands), so the basemap stays low-contrast and never competes.
import type { Theme } from '../state/view-state';

export interface MapPalette {
  ocean: string;
  land: string;
  border: string;
  graticule: string;
  graticuleLabel: string;
  label: string;
  labelHalo: string;
  /** The ring around the selected signal: a hue the severity scale never uses. */
  selection: string;
  /** The outline of a signal's point, so the palest band still stands off the land. */
  pointHalo: string;
  /**
   * Measured readings, one hue per kind: cool hues the severity scale (yellow to dark red) and
   * the selection ring never use, so a reading is never taken for a report's severity.
   */
  measured: Record<'thermal' | 'nightlight' | 'so2' | 'quake' | 'cyclone' | 'transit', string>;
  /** The analyst's own areas: one quiet colour (told apart by dash), and one for "look here". */
  own: { outline: string; attention: string };
  /** Under measured symbols, lines and outlines, so they read over land and sea alike. */
  symbolHalo: string;
}

export const MAP_PALETTES: Record<Theme, MapPalette> = {
  dark: {
    ocean: '#0a1119',
    land: '#1c2733',
    border: '#3d4d60',
    graticule: 'rgba(130, 152, 178, 0.22)',
    graticuleLabel: '#7d8fa3',
    label: '#a9b8c8',
    labelHalo: '#131c26',
    selection: '#4fd1ff',
    pointHalo: '#05090e',
    measured: {
      thermal: '#ff6fae',
      nightlight: '#b9a3ff',
      so2: '#a5d65a',
      quake: '#3fd6a2',
      cyclone: '#7aa2ff',
      transit: '#d3dde8',
    },
    own: { outline: '#e4eaf1', attention: '#f2c14e' },
    symbolHalo: 'rgba(5, 9, 14, 0.8)',
  },
  light: {
    ocean: '#cfdde9',
    land: '#f6f4ef',
    border: '#aaa295',
    graticule: 'rgba(70, 95, 125, 0.22)',
    graticuleLabel: '#4d5d70',
    label: '#3d4654',
    labelHalo: '#f6f4ef',
    selection: '#0b5cc0',
    pointHalo: '#2b3440',
    measured: {
      thermal: '#c2185b',
      nightlight: '#8e24aa',
      so2: '#4b7a0f',
      quake: '#00796b',
      cyclone: '#283593',
      transit: '#37474f',
    },
    own: { outline: '#2a3542', attention: '#9a6200' },
    symbolHalo: 'rgba(255, 255, 255, 0.85)',
  },
};

/**
 * Canvas text does not follow CSS, so map labels take their size from the window's type
 * scale (--fs, larger on a 4K panel at 1:1): `scale` of it, never under 10 px.
 */
export function mapFont(scale: number, weight = 400): string {
  const fs = typeScale();
  const px = Math.max(10, Math.round((Number.isFinite(fs) ? fs : 13) * scale));
  return `${weight} ${px}px system-ui, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`;
}

/**
 * --fs as the window has it, read again only when its width changes (theme.css sets it by width
 * alone): each read is a style recalculation, and a cluster's label asked for it on every draw
 * (24 ms of the window's opening).
 */
let typeScaleAt: { width: number; fs: number } | null = null;
function typeScale(): number {
  if (typeof document === 'undefined') return NaN;
  if (typeScaleAt?.width !== window.innerWidth)
    typeScaleAt = {
      width: window.innerWidth,
      fs: parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--fs')),
    };
  return typeScaleAt.fs;
}
