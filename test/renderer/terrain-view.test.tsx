// The Terrain view as an analyst checks it: free calls say so in the cost line; the elevation
// at a typed point, at the selected signal, over the map's drawn box and over a drawn polygon
// are sent as such; a place the service has no height for shows its null as absence, never
// 0 m; the SAR geometry is not asked without its incidence and look azimuth.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Result, ToolRunInput } from '../../shared/contract';
import { TerrainView } from '../../renderer/src/features/terrain/terrain-view';
import { initialTerrainForm, useTerrainState } from '../../renderer/src/features/terrain/terrain-state';
import { useBoxTool } from '../../renderer/src/state/box-tool';
import { useSelection } from '../../renderer/src/state/selection';
import { renderWithData } from './fake-client';
import { storedAnswer, toolsClient } from './tool-answer-fixtures';

beforeEach(() => {
  useTerrainState.setState({
    form: initialTerrainForm(),
    polygon: null,
    drawing: false,
    elevationId: null,
    terrainId: null,
  });
  useSelection.setState({ selection: null });
  useBoxTool.setState({ box: null, drawing: false });
});

const signal = (): Result<'signals.get'> => ({
  signal: { id: 'ev-1', title: 'Strike on the port', lat: 46.5, lng: 30.7 },
  profile: 'main',
  retracted: false,
  resolvedFrom: null,
  mergedIds: [],
  asOf: '2026-11-20T10:00:00Z',
});

/** Answers elevation and terrain calls: over land a height, at 0,0 (the sea) none. */
function answerOf(input: ToolRunInput) {
  if (input.tool === 'terrain')
    return storedAnswer('terrain', input.params as never, {
      operation: 'sar_geometry',
      sar_geometry: { layover_fraction: 0.05, shadow_fraction: 0.1, usable_fraction: 0.85 },
      interpretation: 'Most of the box is usable at this geometry.',
    });
  const p = input.params as { lat?: number; lon?: number; bbox?: number[]; polygon?: number[][] };
  if (p.lat === 0 && p.lon === 0)
    return storedAnswer('elevation', p as never, { mode: 'point', elevation: null, attribution: 'DEM' });
  if (p.lat !== undefined)
    return storedAnswer('elevation', p as never, {
      mode: 'point',
      elevation: { elevation_m: 143 } as never,
      attribution: 'DEM',
    });
  return storedAnswer('elevation', p as never, {
    mode: p.polygon ? 'polygon' : 'bbox',
    elevation: { min_m: 10, max_m: 410, mean_m: 210, relief_m: 400, measured_over: 'bbox' },
    attribution: 'DEM',
  });
}

const setup = () => toolsClient(answerOf, { profile: 'main', extra: { 'signals.get': () => signal() } });
const runElevation = async () => {
  const run = await screen.findByRole('button', { name: 'Run elevation' });
  await waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false));
  await userEvent.click(run);
};

describe('Terrain view', () => {
  it('asks the elevation at a typed point for free and shows the height', async () => {
    const { client } = setup();
    renderWithData(<TerrainView />, client);
    await userEvent.type(await screen.findByLabelText('Latitude'), '46.5');
    await userEvent.type(screen.getByLabelText('Longitude'), '30.7');
    const bar = screen.getByRole('region', { name: 'Run elevation' });
    expect((await within(bar).findByTestId('cost-line')).textContent).toMatch(
      /^Costs: free · 98 tokens left/,
    );
    await runElevation();
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toEqual({ tool: 'elevation', params: { lat: 46.5, lon: 30.7 } });
    expect((await screen.findByTestId('elevation-figures')).textContent).toMatch(/Elevation143 m/);
    const history = screen.getByRole('region', { name: 'Elevation history' });
    expect(await within(history).findByText(/point 46.5, 30.7/)).toBeTruthy();
  });

  it('shows a place with no height as absence in the service’s words, never 0 m', async () => {
    const { client } = setup();
    useTerrainState.getState().set({ lat: '0', lon: '0' });
    renderWithData(<TerrainView />, client);
    await runElevation();
    const absent = await screen.findByTestId('elevation-absent');
    expect(absent.textContent).toMatch(/No elevation here.*elevation: null.*not 0 m/);
    expect(screen.queryByTestId('elevation-figures')).toBeNull();
    // No figure stands in for the missing height.
    expect(within(screen.getByRole('region', { name: 'Elevation answer' })).queryByText(/^0 m$/)).toBeNull();
  });

  it('takes the selected signal’s point, the drawn box and a drawn polygon', async () => {
    const { client } = setup();
    useSelection.getState().select({ kind: 'signal', id: 'ev-1' });
    renderWithData(<TerrainView />, client);
    const use = await screen.findByRole('button', { name: 'Use the selected signal' });
    await waitFor(() => expect((use as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(use);
    expect((screen.getByLabelText('Latitude') as HTMLInputElement).value).toBe('46.5');
    expect(screen.getByText('From: The selected signal: Strike on the port')).toBeTruthy();

    useBoxTool.getState().finish([30.1, 46.1, 30.9, 46.8]);
    await userEvent.click(screen.getByRole('radio', { name: 'Over a box' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Use the drawn box' })[0]!);
    await runElevation();
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toEqual({
      tool: 'elevation',
      params: { bbox: [30.1, 46.1, 30.9, 46.8] },
    });
    expect((await screen.findByTestId('elevation-figures')).textContent).toMatch(/Relief400 m/);

    await userEvent.click(screen.getByRole('radio', { name: 'Over a polygon' }));
    expect(screen.getByTestId('terrain-polygon').textContent).toBe('No polygon drawn yet.');
    useTerrainState.getState().setPolygon([
      [30, 46],
      [31, 46],
      [30.5, 47],
    ]);
    expect(await screen.findByText('A polygon of 3 corners, drawn on the map.')).toBeTruthy();
    await runElevation();
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(2));
    expect(client.calls('tools.run')[1]).toEqual({
      tool: 'elevation',
      params: {
        polygon: [
          [30, 46],
          [31, 46],
          [30.5, 47],
        ],
      },
    });
  });

  it('does not ask the SAR geometry without its incidence and look azimuth', async () => {
    const { client } = setup();
    useTerrainState.getState().set({ sarBbox: '34.9,32.6,35.3,32.9' });
    renderWithData(<TerrainView />, client);
    const bar = await screen.findByRole('region', { name: 'Run SAR geometry' });
    expect(within(bar).getByRole('note').textContent).toMatch(
      /needs both the incidence angle.*and the look azimuth/,
    );
    const run = within(bar).getByRole('button', { name: 'Run SAR geometry' }) as HTMLButtonElement;
    expect(run.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Incidence (°, 10–80)'), '35');
    expect(run.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Look azimuth (°, 0–360)'), '280');
    await waitFor(() => expect(run.disabled).toBe(false));
    expect(within(bar).getByTestId('cost-line').textContent).toMatch(/^Costs: free/);
    await userEvent.click(run);
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toEqual({
      tool: 'terrain',
      params: {
        operation: 'sar_geometry',
        bbox: [34.9, 32.6, 35.3, 32.9],
        incidence_deg: 35,
        look_azimuth_deg: 280,
      },
    });
    expect((await screen.findByTestId('terrain-figures')).textContent).toMatch(
      /Usable85 %.*Layover5 %.*Shadow10 %/,
    );
    expect(screen.getByTestId('terrain-answer').textContent).toMatch(/Most of the box is usable/);
  });
});
