// The view state survives a restart through localStorage, and a stored value that no
// longer fits falls back to the default instead of breaking the window.
import { describe, expect, it } from 'vitest';
import { NO_FILTERS, sanitize, useViewState, VIEW_STATE_KEY } from '../../renderer/src/state/view-state';

describe('view state', () => {
  it('is written to localStorage and read back on start', async () => {
    useViewState.getState().setView('brief');
    useViewState.getState().setTheme('light');
    useViewState.getState().setMapPosition([30.52, 50.45], 6);
    const stored = JSON.parse(localStorage.getItem(VIEW_STATE_KEY)!) as { state: Record<string, unknown> };
    expect(stored.state).toMatchObject({
      view: 'brief',
      theme: 'light',
      map: { center: [30.52, 50.45], zoom: 6 },
    });

    useViewState.setState({ view: 'map', theme: 'dark' });
    localStorage.setItem(VIEW_STATE_KEY, JSON.stringify(stored));
    await useViewState.persist.rehydrate();
    expect(useViewState.getState()).toMatchObject({ view: 'brief', theme: 'light' });
  });

  it('keeps only the stored fields that are still valid', () => {
    expect(
      sanitize({
        view: 'timeline',
        theme: 'solarized',
        inspectorOpen: 'yes',
        query: 42,
        map: { center: [999, 10], zoom: 80, layers: { graticule: false, labels: 'on' } },
      }),
    ).toEqual({ map: { center: [20, 25], zoom: 2.4, layers: { graticule: false } } });
    expect(sanitize('garbage')).toEqual({});
    expect(sanitize({ view: 'status', theme: 'light' })).toEqual({ view: 'status', theme: 'light' });
  });

  it('brings back the signal filters, sort and column widths, dropping what no longer fits', async () => {
    useViewState.getState().setFilters({ stages: ['pinpointed'], minBand: 6, categories: ['airstrike'] });
    useViewState.getState().setSignalSort([{ id: 'band', desc: true }]);
    useViewState.getState().setSignalColumns({ title: 420 });
    const stored = localStorage.getItem(VIEW_STATE_KEY)!;
    useViewState.setState({ filters: NO_FILTERS, signalSort: [], signalColumns: {} });
    localStorage.setItem(VIEW_STATE_KEY, stored);
    await useViewState.persist.rehydrate();
    expect(useViewState.getState()).toMatchObject({
      filters: { stages: ['pinpointed'], minBand: 6, categories: ['airstrike'], markets: [] },
      signalSort: [{ id: 'band', desc: true }],
      signalColumns: { title: 420 },
    });
    expect(
      sanitize({
        filters: { stages: ['rumoured', 'localized'], minBand: 5, categories: [7, 'flood'], markets: 'oil' },
        signalSort: [{ id: 'time' }, { id: 'band', desc: false }],
        signalColumns: { title: -5, place: 140, band: 'wide' },
      }),
    ).toEqual({
      filters: { stages: ['localized'], minBand: null, categories: ['flood'], markets: [] },
      signalSort: [{ id: 'band', desc: false }],
      signalColumns: { place: 140 },
    });
  });
});
