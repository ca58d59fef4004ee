// Imagery (issue 14): which scenes of a collection cover a box in a window, and how they stand
// to an event (before or after it, covering it, usable, bracketing it, a SAR pair). Asked now
// with the service (its cost shown first, confirmed above the analyst's threshold); every
// answer is stored and shown again from the cache, offline, with the marks it came with; the
// map draws the shown answer's footprints.
import './imagery.css';
import type { StoredAnswer } from '../../../../shared/contract';
import { useAppInfo, useToolAnswer } from '../../data';
import { useViewState } from '../../state/view-state';
import { EmptyState } from '../../ui/empty-state';
import { RunBar, useToolRunner, type ToolRunner } from '../../tools-common/run-bar';
import { ToolHistory } from '../../tools-common/tool-history';
import { ImageryFormFields } from './imagery-form';
import { boxOf, buildImagery, formOf, summarize } from './imagery-params';
import { useAdoptSelection, useDrawnBox } from './imagery-sources';
import { useImageryState } from './imagery-state';
import { ImageryAnswer } from './scenes-table';
import { IndexPanel } from './index-panel';
import { ShipsPanel } from './ships-panel';
import { formatTokens } from '../../../../shared/tool-prices';
import { StoredMarks, StoredOutcome } from '../../tools-common/tool-view';

function StoredImagery({ answer, ships }: { answer: StoredAnswer; ships: ToolRunner }) {
  const setView = useViewState((s) => s.setView);
  if (answer.tool !== 'imagery') return null;
  return (
    <section className="imagery-stored" aria-label="Imagery answer">
      <p className="view-line">
        <StoredMarks answer={answer} />
        <span className="muted"> {summarize(answer.request)}</span>
        {answer.charged !== null && <span className="muted"> · charged {formatTokens(answer.charged)}</span>}
      </p>
      <StoredOutcome answer={answer}>
        {answer.answer && (
          <>
            <p>
              <button type="button" onClick={() => setView('map')}>
                Show the footprints on the map
              </button>
            </p>
            <ImageryAnswer
              answer={answer.answer}
              onDetectShips={(scene) =>
                ships.start({
                  tool: 'ships',
                  params: {
                    collection: scene.collection ?? answer.answer?.meta.collection ?? 'sentinel-1-grd',
                    item_id: scene.id,
                    bbox: answer.request.bbox,
                  },
                })
              }
            />
          </>
        )}
      </StoredOutcome>
    </section>
  );
}

export function ImageryView() {
  const info = useAppInfo().data;
  const { selectedSignal, watchBox } = useAdoptSelection();
  const drawnBox = useDrawnBox();
  const form = useImageryState((s) => s.form);
  const set = useImageryState((s) => s.set);
  const chosenId = useImageryState((s) => s.chosenId);
  const choose = useImageryState((s) => s.choose);
  const runner = useToolRunner('imagery search', (a) => choose(a.id));
  const chooseShips = useImageryState((s) => s.chooseShips);
  const ships = useToolRunner('ship detection', (a) => chooseShips(a.id));
  const chosen = useToolAnswer(chosenId);

  if (!info?.profile)
    return (
      <div className="list-view tool-view imagery-view" data-testid="imagery-view">
        <EmptyState title="No service yet">
          <p>Connect a service (or use demo mode) to search its imagery catalog.</p>
        </EmptyState>
      </div>
    );
  const built = buildImagery(form, info.profile);
  return (
    <div className="list-view tool-view imagery-view" data-testid="imagery-view">
      <div className="tool-layout">
        <div className="tool-side">
          <h2 className="section-title">Imagery catalog</h2>
          <ImageryFormFields
            profile={info.profile}
            drawnBox={drawnBox}
            watchBox={watchBox}
            signalSelected={selectedSignal !== null}
          />
          <RunBar title="imagery search" input={built.input} problem={built.problem} runner={runner} />
          <IndexPanel bbox={boxOf(form)} />
        </div>
        <div className="tool-main">
          {!chosenId ? (
            <EmptyState title="No answer shown">
              <p>Run a search, or choose a stored one in the history below (stored answers read offline).</p>
            </EmptyState>
          ) : chosen.error ? (
            <EmptyState tone="error" title="The stored answer could not be read">
              <p>{chosen.error.message}</p>
            </EmptyState>
          ) : !chosen.data ? (
            <EmptyState tone="loading" title="Reading the stored answer…" />
          ) : (
            <StoredImagery answer={chosen.data} ships={ships} />
          )}
          <ToolHistory
            tool="imagery"
            title="Imagery"
            chosenId={chosenId}
            summary={(a) => (a.tool === 'imagery' ? summarize(a.request) : a.tool)}
            onChoose={(a) => choose(a.id)}
            onRunAgain={(a) => {
              if (a.tool !== 'imagery') return;
              set(formOf(a.request));
              runner.start({ tool: 'imagery', params: a.request });
            }}
          />
          <ShipsPanel runner={ships} />
        </div>
      </div>
    </div>
  );
}
