// The selection, whatever view it was made in. Its actions (thread, passes, watch, export)
// join here as their views arrive.
import { OrderInspector, SelectionHead, WatchInspector } from '../features/inspector/own-record-inspector';
import { SignalInspector } from '../features/inspector/signal-inspector';
import { useSelection } from '../state/selection';
import { useViewState } from '../state/view-state';
import { EmptyState } from '../ui/empty-state';
import { Icon } from './icons';

const KIND: Record<string, string> = {
  signal: 'Signal',
  event: 'Event',
  development: 'Development',
  watch: 'Watch',
  order: 'Standing order',
  pass: 'Satellite pass',
  area: 'Area',
};

export function Inspector() {
  const selection = useSelection((s) => s.selection);
  const clear = useSelection((s) => s.clear);
  const open = useViewState((s) => s.inspectorOpen);
  const toggle = useViewState((s) => s.toggleInspector);
  if (!open)
    return (
      <aside aria-label="Inspector" className="inspector collapsed">
        <button type="button" className="ghost" onClick={toggle} title="Show the inspector (i)">
          <Icon name="inspector" />
          <span className="visually-hidden">Show the inspector</span>
        </button>
      </aside>
    );
  return (
    <aside aria-label="Inspector" className="inspector" data-testid="inspector">
      <header className="panel-header">
        <h2>Inspector</h2>
        <button type="button" className="ghost" onClick={toggle} title="Hide the inspector (i)">
          Hide
        </button>
      </header>
      {selection ? (
        <div className="inspector-body" data-testid="inspector-selection">
          {selection.kind === 'signal' ? (
            <SignalInspector key={selection.id} id={selection.id} label={selection.label} />
          ) : selection.kind === 'order' ? (
            <OrderInspector key={selection.id} selection={selection} />
          ) : selection.kind === 'watch' ? (
            <WatchInspector key={selection.id} selection={selection} />
          ) : (
            <SelectionHead
              kind={KIND[selection.kind] ?? selection.kind}
              title={selection.label ?? selection.id}
              selection={selection}
            />
          )}
          <div className="actions">
            <button type="button" onClick={clear}>
              Clear selection <kbd>Esc</kbd>
            </button>
          </div>
        </div>
      ) : (
        <EmptyState title="Nothing selected">
          Select a signal on the map or in a list, or open a notification: it shows here, with what you can do
          with it. <kbd>Esc</kbd> clears the selection.
        </EmptyState>
      )}
    </aside>
  );
}
