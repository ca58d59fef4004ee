// The basemap's colours for each theme. The land is quiet on purpose: signals drawn over it
// carry the colour (severity bands), so the basemap stays low-contrast and never competes.
import type { Theme } from '../../state/view-state';

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
  },
};

/**
 * Canvas text does not follow CSS, so map labels take their size from the window's type
 * scale (--fs, larger on a 4K panel at 1:1): `scale` of it, never under 10 px.
 */
export function mapFont(scale: number, weight = 400): string {
  const fs =
    typeof document === 'undefined'
      ? NaN
      : parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--fs'));
  const px = Math.max(10, Math.round((Number.isFinite(fs) ? fs : 13) * scale));
  return `${weight} ${px}px system-ui, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`;
}
