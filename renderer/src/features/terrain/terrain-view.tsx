// Terrain (issue 14): the ground's height at a point (typed, or the selected signal's), over a
// box (drawn with the map's box tool, the map's view, or typed) or over a polygon drawn on the
// map; and how a SAR pass at a given incidence and look azimuth sees a box (layover, shadow).
// Both free, said in the cost line. Every answer is stored and read again offline; a place
// the service has no height for is shown as absence in its words, never 0 m.
import type { ReactNode } from 'react';
import { useBoxTool } from '../../state/box-tool';
import { useSelection } from '../../state/selection';
import { useViewState } from '../../state/view-state';
import { useSignal } from '../../data';
import { mapSize, viewBBox } from '../../map/view-area';
import { RunBar, useToolRunner } from '../../tools-common/run-bar';
import { Field, ToolViewFrame } from '../../tools-common/tool-view';
import { ToolAnswers } from '../../tools-common/tool-answers';
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
function useDrawnBox(): string | null {
  const box = useBoxTool((s) => s.box);
  if (!box || box[2] < box[0]) return null;
  return box.map((x) => Math.round(x * 1e4) / 1e4).join(',');
}

function BoxButtons({ onBox }: { onBox: (bbox: string, from: string) => void }) {
  const drawn = useDrawnBox();
  const map = useViewState((s) => s.map);
  return (
    <p className="tool-buttons">
      <button
        type="button"
        className="ghost"
        disabled={!drawn}
        title={drawn ? undefined : 'Draw a box on the map first (Draw box, or B)'}
        onClick={() => drawn && onBox(drawn, 'The box drawn on the map')}
      >
        Use the drawn box
      </button>{' '}
      <button
        type="button"
        className="ghost"
        onClick={() => {
          const { width, height } = mapSize();
          onBox(viewBBox(map.center, map.zoom, width, height).join(','), 'The map’s view');
        }}
      >
        Use the map’s view
      </button>
    </p>
  );
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
        <BoxButtons onBox={(bbox, bboxFrom) => set({ bbox, bboxFrom })} />
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
        <BoxButtons onBox={(sarBbox, sarBboxFrom) => set({ sarBbox, sarBboxFrom })} />
        <Field
          label="Incidence (°, 10–80)"
          type="number"
          value={form.incidence}
          onChange={(incidence) => set({ incidence })}
        />
        <Field
          label="Look azimuth (°, 0–360)"
          type="number"
          value={form.azimuth}
          onChange={(azimuth) => set({ azimuth })}
        />
      </fieldset>
    </form>
  );
}

export function TerrainView() {
  const form = useTerrainState((s) => s.form);
  const polygon = useTerrainState((s) => s.polygon);
  const elevationId = useTerrainState((s) => s.elevationId);
  const terrainId = useTerrainState((s) => s.terrainId);
  const chooseElevation = useTerrainState((s) => s.chooseElevation);
  const chooseTerrain = useTerrainState((s) => s.chooseTerrain);
  const elevation = useToolRunner('elevation', (a) => chooseElevation(a.id));
  const terrain = useToolRunner('SAR geometry', (a) => chooseTerrain(a.id));
  const builtElevation = buildElevation(form, polygon);
  const builtTerrain = buildTerrain(form);

  return (
    <ToolViewFrame testId="terrain-view" what="elevation and terrain">
      <div className="tool-layout">
        <div className="tool-side">
          <h2 className="section-title">Ground height</h2>
          <ElevationForm />
          <RunBar
            title="elevation"
            input={builtElevation.input}
            problem={builtElevation.problem}
            runner={elevation}
          />
          <h2 className="section-title">Radar view of the ground</h2>
          <SarForm />
          <RunBar
            title="SAR geometry"
            input={builtTerrain.input}
            problem={builtTerrain.problem}
            runner={terrain}
            threshold={false}
          />
        </div>
        <div className="tool-main">
          <ToolAnswers
            tool="elevation"
            title="Elevation"
            label="Elevation answer"
            empty="Ask for an elevation, or choose a stored one in the history below (stored answers read offline)."
            chosenId={elevationId}
            summarize={summarizeElevation}
            render={(a) => <ElevationAnswer answer={a} />}
            onChoose={chooseElevation}
            onRunAgain={(request) => {
              const { changes, polygon: ring } = elevationFormOf(request);
              const st = useTerrainState.getState();
              st.set(changes);
              if (ring) st.setPolygon(ring);
              elevation.start({ tool: 'elevation', params: request });
            }}
          />
          <ToolAnswers
            tool="terrain"
            title="SAR geometry"
            label="SAR geometry answer"
            empty="Ask for a SAR geometry, or choose a stored one in its history below."
            chosenId={terrainId}
            summarize={summarizeTerrain}
            render={(a) => <TerrainAnswer answer={a} />}
            onChoose={chooseTerrain}
            onRunAgain={(request) => {
              useTerrainState.getState().set(terrainFormOf(request));
              terrain.start({ tool: 'terrain', params: request });
            }}
          />
        </div>
      </div>
    </ToolViewFrame>
  );
}
