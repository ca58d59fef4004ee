// The selection, whatever view it was made in. Its actions (thread, passes, watch, export)
// join here as their views arrive.
import type { ComponentType } from 'react';
import { useSelection, type Selection, type SelectionKind } from '../state/selection';
import { SelectionHead } from '../ui/selection-head';
import { useViewState } from '../state/view-state';
import { EmptyState } from '../ui/empty-state';
import { Icon } from './icons';
import { CodeBody, viewCode } from './view-code';

const KIND: Record<string, string> = {
  signal: 'Signal',
  event: 'Event',
  development: 'Development',
  watch: 'Watch',
  order: 'Standing order',
  pass: 'Satellite pass',
  area: 'Area',
};

type SectionProps = { selection: Selection };
/**
 * Each feature's inspector section, by the kind of selection it shows ("my inspector section"):
 * its code loads with the first selection of its kind, not with the window.
 */
const SECTION_CODE: { readonly [K in SelectionKind]?: ReturnType<typeof viewCode<SectionProps>> } = {
  signal: viewCode(() =>
    import('../features/inspector/signal-inspector').then(
      ({ SignalInspector }) =>
        function SignalSection({ selection }: SectionProps) {
          return <SignalInspector id={selection.id} label={selection.label} />;
        },
    ),
  ),
  order: viewCode(() => import('../features/orders/order-inspector').then((m) => m.OrderInspector)),
  area: viewCode(() => import('../features/orders/area-inspector').then((m) => m.AreaInspector)),
  watch: viewCode(() => import('../features/watches/watch-inspector').then((m) => m.WatchInspector)),
};
const SECTIONS: { readonly [K in SelectionKind]?: ComponentType<SectionProps> } = Object.fromEntries(
  Object.entries(SECTION_CODE).map(([kind, code]) => [
    kind,
    ({ selection }: SectionProps) => (
      <CodeBody code={code} props={{ selection }} label={`the ${KIND[kind]?.toLowerCase() ?? kind}`} />
    ),
  ]),
);

export function Inspector() {
  const selection = useSelection((s) => s.selection);
  const clear = useSelection((s) => s.clear);
  const open = useViewState((s) => s.inspectorOpen);
  const toggle = useViewState((s) => s.toggleInspector);
  const Section = selection ? SECTIONS[selection.kind] : undefined;
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
          {Section ? (
            <Section key={selection.id} selection={selection} />
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
