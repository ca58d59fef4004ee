// Signals: the search results as a dense, sortable table (rows come with the contract's
// signal queries); the search field above every view feeds it.
import { useViewState } from '../../state/view-state';
import { ArrivingView } from '../../ui/arriving-view';

export function SignalsView() {
  const query = useViewState((s) => s.query);
  return (
    <ArrivingView title="The signal list" stream="signals">
      {query && (
        <p>
          Your search <q className="mono">{query}</q> is kept and runs here when the list arrives.
        </p>
      )}
      <p>
        Meanwhile the command line answers from the same cache, offline: <code>watchfloor signals --q …</code>
      </p>
    </ArrivingView>
  );
}
