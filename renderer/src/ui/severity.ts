// Severity bands on one sequential, colour-blind-safe scale (ColorBrewer YlOrRd, 9 classes),
// always shown with the band number beside the colour. Band 0 or unknown is grey and says
// "unknown": never the palest yellow, which would read as "mild".
const YL_OR_RD = [
  '#ffffcc',
  '#ffeda0',
  '#fed976',
  '#feb24c',
  '#fd8d3c',
  '#fc4e2a',
  '#e31a1c',
  '#bd0026',
  '#800026',
];
export const UNKNOWN_BAND_COLOUR = '#8a94a3';

/** Bands run 1–10 in the service's answers; each gets its class of the scale. */
export function bandColour(band: number | null | undefined): string {
  if (band === null || band === undefined || !Number.isFinite(band) || band <= 0) return UNKNOWN_BAND_COLOUR;
  const i = Math.round(((Math.min(band, 10) - 1) / 9) * (YL_OR_RD.length - 1));
  return YL_OR_RD[Math.max(0, i)]!;
}

/** [r, g, b] 0–255, for the map's point and shading styles. */
export function bandRgb(band: number | null | undefined): [number, number, number] {
  const hex = bandColour(band).slice(1);
  return [0, 2, 4].map((o) => parseInt(hex.slice(o, o + 2), 16)) as [number, number, number];
}

/** Dark text on the pale end of the scale, light text on the dark end. */
export function bandTextColour(band: number | null | undefined): string {
  if (band === null || band === undefined || band <= 0) return '#0b0f14';
  return band >= 7 ? '#ffffff' : '#1d1600';
}
