// The map's legend and point tooltip speak the profile's severity: the main profile's band
// (1–10) as it is, the alternate profile's 0–10 score as a score range (the colour ramp is by
// whole-number range) and never as a band the service did not give. Both list the shapes.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SignalPoints } from '../../shared/contract';
import { MapLegend, MapTooltip } from '../../renderer/src/map/map-overlays';
import type { Hover } from '../../renderer/src/map/use-signal-layers';

const points: SignalPoints = {
  count: 1,
  ids: ['1002537'],
  lng: Float32Array.from([120.35]),
  lat: Float32Array.from([22.67]),
  // The alternate profile's 6.5 arrives cut to 6 (what the points carry for the colour).
  band: Uint8Array.from([6]),
  flags: Uint8Array.from([0]),
  category: Uint8Array.from([0]),
  categories: ['natural_disaster'],
  time: Float64Array.from([Date.parse('2026-11-25T00:00:00Z')]),
  asOf: null,
};
const onPoint: Hover = { kind: 'point', x: 10, y: 10, index: 0, points };
const onCell: Hover = { kind: 'cell', x: 10, y: 10, n: 40, maxBand: 9, meanBand: 6, measured: 3 };

const legend = () => screen.getByLabelText('Legend');
const tooltip = () => screen.getByRole('tooltip');

describe('the map legend', () => {
  it('on the main profile, names the severity band and shows its scale', () => {
    render(<MapLegend />);
    expect(legend().textContent).toContain('Severity band');
    expect(within(legend()).getByTitle('Severity band 6').textContent).toBe('6');
    expect(within(legend()).getByTitle('Severity band unknown')).toBeTruthy();
    expect(legend().textContent).toMatch(/coloured by their mean band/);
  });

  it('on the alternate profile, names the score and its ranges, and no band', () => {
    render(<MapLegend profile="alternate" />);
    expect(legend().textContent).toContain('Severity score (0–10), coloured by range');
    expect(within(legend()).getByTitle('Severity score 6 to under 7').textContent).toBe('6');
    expect(within(legend()).getByTitle('Severity score 10')).toBeTruthy();
    expect(within(legend()).getByTitle('Severity score under 1, or none given')).toBeTruthy();
    expect(legend().textContent).toMatch(/coloured by their mean score range/);
    expect(legend().textContent).not.toMatch(/band/i);
    expect(within(legend()).queryAllByTitle(/band/i)).toHaveLength(0);
  });

  it('shows a shape for each category group and the measured diamond', () => {
    render(<MapLegend />);
    for (const words of [
      '▲ fighting, strikes, attacks',
      '■ unrest, protest, displacement',
      '● other reported events',
      '◆ measured (instrument reading)',
    ])
      expect(legend().textContent).toContain(words);
  });
});

describe('the point tooltip', () => {
  it('on the main profile, shows the band', () => {
    render(<MapTooltip hover={onPoint} />);
    expect(within(tooltip()).getByTitle('Severity band 6')).toBeTruthy();
    expect(tooltip().textContent).toContain('natural disaster');
    expect(tooltip().textContent).not.toMatch(/score/i);
  });

  it('on the alternate profile, shows the score range and says where the score is', () => {
    render(<MapTooltip hover={onPoint} profile="alternate" />);
    expect(within(tooltip()).getByTitle('Severity score 6 to under 7')).toBeTruthy();
    expect(tooltip().textContent).toContain('severity score 6 to under 7');
    expect(tooltip().textContent).toContain('inspector');
    expect(tooltip().textContent).not.toMatch(/band/i);
    expect(within(tooltip()).queryAllByTitle(/band/i)).toHaveLength(0);
  });

  it("over a cell, names the mean and highest in the profile's words", () => {
    const { unmount } = render(<MapTooltip hover={onCell} />);
    expect(tooltip().textContent).toContain('mean band');
    expect(within(tooltip()).getByTitle('Severity band 9')).toBeTruthy();
    unmount();
    render(<MapTooltip hover={onCell} profile="alternate" />);
    expect(tooltip().textContent).toContain('mean score range');
    expect(within(tooltip()).getByTitle('Severity score 9 to under 10')).toBeTruthy();
    expect(tooltip().textContent).not.toMatch(/band/i);
  });
});
