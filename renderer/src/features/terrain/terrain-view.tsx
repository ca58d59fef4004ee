// Terrain (issue 14): the ground's height at a point (typed, or the selected signal's), over a
// box (drawn with the map's box tool, the map's view, or typed) or over a polygon drawn on the
// map; and how a SAR pass at a given incidence and look azimuth sees a box (layover, shadow).
// Both free, said in the cost line. Every answer is stored and read again offline; a place
// the service has no height for is shown as absence in its words, never 0 m.
import type { ReactNode } from 'react';
import { useSelection } from '../../state/selection';
import { useViewState } from '../../state/view-state';
import { useSignal } from '../../data';
import { BoxButtons, useDrawnChoice, useMapViewChoice } from '../../tools-common/box-field';
import { defineToolView, toolRun } from '../../tools-common/define-tool';
import { Field, FieldList } from '../../tools-common/tool-view';
import { ElevationAnswer, TerrainAnswer } from './terrain-answers';
import {
  buildElevation,
  buildTerrain,
  elevationFormOf,
  summarizeElevation,
  summarizeTerrain,
  terrainFormOf,
} from './terrain-params';
import { useTerrainState, type ElevationMode } from './terrain-state';
import { signalEvent } from '../../data/records';

const MODES: { id: ElevationMode; label: string }[] = [
  { id: 'point', label: 'At a point' },
  { id: 'bbox', label: 'Over a box' },
  { id: 'polygon', label: 'Over a polygon' },
];

/** The map's drawn box as W,S,E,N (one across the 180th meridian is not a box the service takes). */
/** The drawn box and the map's view, offered as a box. */
function TerrainBoxButtons({ onBox }: { onBox: (bbox: string, from: string) => void }) {
  const drawn = useDrawnChoice('Draw a box on the map first (Draw box, or B)');
  const mapView = useMapViewChoice();
  return <BoxButtons choices={[drawn, mapView]} onBox={onBox} />;
}

function ElevationForm() {
  const form = useTerrainState((s) => s.form);
  const set = useTerrainState((s) => s.set);
  const polygon = useTerrainState((s) => s.polygon);
  const setView = useViewState((s) => s.setView);
  const selection = useSelection((s) => s.selection);
  const signalId = selection?.kind === 'signal' || selection?.kind === 'event' ? selection.id : null;
  const got = useSignal(signalId).data;
  const signal = got ? signalEvent(got) : null;
  const sLat = signal?.lat ?? null;
  const sLng = signal?.lng ?? null;
  let fields: ReactNode;
  if (form.mode === 'point')
    fields = (
      <>
        <Field
          label="Latitude"
          value={form.lat}
          placeholder="46.5"
          onChange={(lat) => set({ lat, pointFrom: 'Typed' })}
        />
        <Field
          label="Longitude"
          value={form.lon}
          placeholder="30.7"
          onChange={(lon) => set({ lon, pointFrom: 'Typed' })}
        />
        <p>
          <button
            type="button"
            className="ghost"
            disabled={sLat === null || sLng === null}
            title={signalId ? undefined : 'Select a signal first'}
            onClick={() =>
              sLat !== null &&
              sLng !== null &&
              set({
                lat: String(sLat),
                lon: String(sLng),
                pointFrom: `The selected signal: ${String(signal?.title ?? signalId)}`,
              })
            }
          >
            Use the selected signal
          </button>
        </p>
        {form.pointFrom && <p className="muted">From: {form.pointFrom}</p>}
      </>
    );
  else if (form.mode === 'bbox')
    fields = (
      <>
        <Field
          label="Box (W,S,E,N)"
          value={form.bbox}
          placeholder="34.9,32.6,35.3,32.9"
          onChange={(bbox) => set({ bbox, bboxFrom: 'Typed' })}
        />
        {form.bboxFrom && <p className="muted">From: {form.bboxFrom}</p>}
        <TerrainBoxButtons onBox={(bbox, bboxFrom) => set({ bbox, bboxFrom })} />
      </>
    );
  else
    fields = (
      <>
        <p data-testid="terrain-polygon">
          {polygon ? `A polygon of ${polygon.length} corners, drawn on the map.` : 'No polygon drawn yet.'}
        </p>
        <p>
          <button
            type="button"
            className="ghost"
            onClick={() => {
              useTerrainState.getState().setDrawing(true);
              setView('map');
            }}
          >
            Draw a polygon on the map
          </button>
        </p>
      </>
    );
  return (
    <form className="tool-form" aria-label="Elevation" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Elevation</legend>
        <div role="radiogroup" aria-label="Where">
          {MODES.map((m) => (
            <label key={m.id} className="tool-check">
              <input
                type="radio"
                name="elevation-mode"
                checked={form.mode === m.id}
                onChange={() => set({ mode: m.id })}
              />
              {m.label}
            </label>
          ))}
        </div>
        {fields}
      </fieldset>
    </form>
  );
}

function SarForm() {
  const form = useTerrainState((s) => s.form);
  const set = useTerrainState((s) => s.set);
  return (
    <form className="tool-form" aria-label="SAR geometry" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>SAR geometry over a box</legend>
        <p className="muted">
          How much of the box a radar pass sees clearly, and how much is lost to layover and shadow. Both the
          incidence angle and the look azimuth of the pass are needed.
        </p>
        <Field
          label="Box (W,S,E,N)"
          value={form.sarBbox}
          onChange={(sarBbox) => set({ sarBbox, sarBboxFrom: 'Typed' })}
        />
        {form.sarBboxFrom && <p className="muted">From: {form.sarBboxFrom}</p>}
        <TerrainBoxButtons onBox={(sarBbox, sarBboxFrom) => set({ sarBbox, sarBboxFrom })} />
        <FieldList
          form={form}
          set={set}
          fields={[
            { name: 'incidence', label: 'Incidence (°, 10–80)', type: 'number' },
            { name: 'azimuth', label: 'Look azimuth (°, 0–360)', type: 'number' },
          ]}
        />
      </fieldset>
    </form>
  );
}

const state = () => useTerrainState.getState();

export const TerrainView = defineToolView({
  testId: 'terrain-view',
  what: 'elevation and terrain',
  runs: [
    toolRun({
      tool: 'elevation',
      name: 'elevation',
      title: 'Elevation',
      empty:
        'Ask for an elevation, or choose a stored one in the history below (stored answers read offline).',
      heading: 'Ground height',
      Form: ElevationForm,
      useBuilt: () =>
        buildElevation(
          useTerrainState((s) => s.form),
          useTerrainState((s) => s.polygon),
        ),
      useChosen: () => useTerrainState((s) => s.elevationId),
      choose: (id) => state().chooseElevation(id),
      summarize: summarizeElevation,
      refill: (request) => {
        const { changes, polygon: ring } = elevationFormOf(request);
        state().set(changes);
        if (ring) state().setPolygon(ring);
      },
      Answer: ElevationAnswer,
    }),
    toolRun({
      tool: 'terrain',
      name: 'SAR geometry',
      title: 'SAR geometry',
      empty: 'Ask for a SAR geometry, or choose a stored one in its history below.',
      heading: 'Radar view of the ground',
      Form: SarForm,
      threshold: false,
      useBuilt: () => buildTerrain(useTerrainState((s) => s.form)),
      useChosen: () => useTerrainState((s) => s.terrainId),
      choose: (id) => state().chooseTerrain(id),
      summarize: summarizeTerrain,
      refill: (request) => state().set(terrainFormOf(request)),
      Answer: TerrainAnswer,
    }),
  ],
});
