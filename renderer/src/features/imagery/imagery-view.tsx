// Imagery (issue 14): which scenes of a collection cover a box in a window, and how they stand
// to an event (before or after it, covering it, usable, bracketing it, a SAR pair). Asked now
// with the service (its cost shown first, confirmed above the analyst's threshold); every
// answer is stored and shown again from the cache, offline, with the marks it came with; the
// map draws the shown answer's footprints. Beside it: an index series over the box, and ships
// detected on a scene of the answer.
import './imagery.css';
import type { StoredAnswerOf } from '../../../../shared/contract';
import { useAppInfo } from '../../data';
import { showOnMap } from '../../state/map-request';
import { defineToolView, toolRun, useRunner } from '../../tools-common/define-tool';
import { ImageryFields } from './imagery-form';
import { buildImagery, formOf, summarize } from './imagery-params';
import { footprintsKey, useImageryState } from './imagery-state';
import { IndexAnswer, IndexFields, indexFormOf, summarizeIndex, useIndexBuilt } from './index-panel';
import { ImageryAnswer } from './scenes-table';
import { ShipsAnswer, ShipsNote, summarizeShips } from './ships-panel';

function StoredImagery({ answer }: { answer: StoredAnswerOf<'imagery'> }) {
  const ships = useRunner('ships');
  if (!answer.answer) return null;
  const collection = answer.answer.meta.collection;
  return (
    <>
      <p>
        <button
          type="button"
          onClick={() => showOnMap({ kind: 'box', box: answer.request.bbox }, footprintsKey(answer.id))}
        >
          Show the footprints on the map
        </button>
      </p>
      <ImageryAnswer
        answer={answer.answer}
        onDetectShips={(scene) =>
          ships.start({
            tool: 'ships',
            params: {
              collection: scene.collection ?? collection ?? 'sentinel-1-grd',
              item_id: scene.id,
              bbox: answer.request.bbox,
            },
          })
        }
      />
    </>
  );
}

const state = () => useImageryState.getState();

export const ImageryView = defineToolView({
  testId: 'imagery-view',
  className: 'imagery-view',
  what: 'scenes of its imagery catalog',
  runs: [
    toolRun({
      tool: 'imagery',
      name: 'imagery search',
      title: 'Imagery',
      heading: 'Imagery catalog',
      empty: 'Run a search, or choose a stored one in the history below (stored answers read offline).',
      Form: ImageryFields,
      useBuilt: () =>
        buildImagery(
          useImageryState((s) => s.form),
          useAppInfo().data?.profile ?? 'main',
        ),
      useChosen: () => useImageryState((s) => s.chosenId),
      choose: (id) => state().choose(id),
      summarize,
      refill: (request) => state().set(formOf(request)),
      Answer: StoredImagery,
    }),
    toolRun({
      tool: 'index.series',
      name: 'index series',
      title: 'Index series',
      heading: 'Index series over the box',
      section: 'Index series over the box',
      place: 'side',
      threshold: false,
      Form: IndexFields,
      useBuilt: useIndexBuilt,
      useChosen: () => useImageryState((s) => s.indexId),
      choose: (id) => state().chooseIndex(id),
      summarize: summarizeIndex,
      refill: (request) => state().setIndex(indexFormOf(request)),
      Answer: IndexAnswer,
    }),
    toolRun({
      tool: 'ships',
      name: 'ship detection',
      title: 'Ships',
      heading: 'Ships on a scene',
      section: 'Ships on a scene',
      place: 'main',
      Form: ShipsNote,
      useChosen: () => useImageryState((s) => s.shipsId),
      choose: (id) => state().chooseShips(id),
      summarize: summarizeShips,
      Answer: ShipsAnswer,
    }),
  ],
});
