// Ctrl/Cmd+K: every view and action by name, each with its key beside it, so the palette
// also teaches the shortcuts; and, as the analyst types, places (the offline gazetteer: the
// map goes there), signals by their words, watches and orders by name. Ranking and order:
// palette-search.ts.
import { Command as Cmdk } from 'cmdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { usePlaceSearch, useSignalsQuery, useStandingOrders, useWatches } from '../data';
import { useMapRequest } from '../state/map-request';
import { useSelection, type Selection } from '../state/selection';
import { qProblem } from '../state/signal-filter';
import { useViewState, type ViewId } from '../state/view-state';
import { formatUtc } from '../ui/time';
import { countryName } from '../../../shared/country-codes';
import type { Command } from './commands';
import { stepLabel } from './keyboard';
import { rankPalette, type PaletteEntry } from './palette-search';
import { formatCount } from '../../../shared/count';

export function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="keys">
      {keys.map((k, i) => (
        <kbd key={i}>{stepLabel(k)}</kbd>
      ))}
    </span>
  );
}

/** Selects a record and shows it where it lives (and in the inspector). */
function show(selection: Selection, view?: ViewId): void {
  useSelection.getState().select({ ...selection, from: 'Palette' });
  if (view) useViewState.getState().setView(view);
  if (!useViewState.getState().inspectorOpen) useViewState.getState().toggleInspector();
}

/** The records the text finds, as palette entries (asked only while the palette is open). */
function useFound(text: string): { entries: PaletteEntry[]; found: Set<string>; searching: boolean } {
  const q = text.trim();
  const places = usePlaceSearch(q);
  const signalsAsked = q.length >= 3 && qProblem(q) === null;
  const signals = useSignalsQuery({ q, limit: 8, sort: 'latest' }, signalsAsked);
  const watches = useWatches();
  const orders = useStandingOrders();
  return useMemo(() => {
    const entries: PaletteEntry[] = [];
    const found = new Set<string>();
    for (const p of places.data ?? []) {
      const id = `place:${p.id}`;
      found.add(id);
      entries.push({
        id,
        group: 'Places',
        title: p.name,
        detail: `${countryName(p.country)} · ${formatCount(p.population)} people`,
        run: () => {
          useMapRequest.getState().ask({
            kind: 'point',
            lonLat: [p.lng, p.lat],
            zoom: p.population >= 1_000_000 ? 9 : 10,
          });
          useViewState.getState().setView('map');
        },
      });
    }
    if (signalsAsked)
      for (const r of signals.data?.rows ?? []) {
        const id = `signal:${r.id}`;
        found.add(id);
        entries.push({
          id,
          group: 'Signals',
          title: r.title || r.id,
          detail: [r.location ?? r.country, r.occurredAt ? formatUtc(r.occurredAt) : null]
            .filter(Boolean)
            .join(' · '),
          run: () => show({ kind: 'signal', id: r.id, label: r.title }),
        });
      }
    for (const w of watches.data?.rows ?? []) {
      const name = w.record.name ?? 'Unnamed watch';
      entries.push({
        id: `watch:${w.id}`,
        group: 'Watches',
        title: name,
        run: () => show({ kind: 'watch', id: w.id, label: name }, 'watches'),
      });
    }
    for (const o of orders.data?.rows ?? []) {
      const name = typeof o.record.name === 'string' && o.record.name ? o.record.name : 'Unnamed order';
      entries.push({
        id: `order:${o.id}`,
        group: 'Orders',
        title: name,
        run: () => show({ kind: 'order', id: o.id, label: name }, 'orders'),
      });
    }
    return { entries, found, searching: places.isFetching || (signalsAsked && signals.isFetching) };
  }, [
    places.data,
    places.isFetching,
    signals.data,
    signals.isFetching,
    signalsAsked,
    watches.data,
    orders.data,
  ]);
}

function Results({
  text,
  commands,
  close,
  selected,
  select,
}: {
  text: string;
  commands: readonly Command[];
  close: () => void;
  selected: string;
  select: (id: string) => void;
}) {
  const { entries, found, searching } = useFound(text);
  const listed = useMemo(() => {
    const fromCommands = commands
      .filter((c) => c.id !== 'palette.open')
      .map((c): PaletteEntry => ({
        id: c.id,
        group: c.group,
        title: c.title,
        keywords: c.keywords,
        keys: c.keys,
        disabled: c.disabled,
        run: c.run,
      }));
    return rankPalette(text, [...fromCommands, ...entries], found);
  }, [commands, entries, found, text]);
  const groups = [...new Set(listed.map((e) => e.group))];
  // Enter takes the best entry: the first listed, also when places and signals arrive after
  // the text; an entry the analyst moved to with the arrows stays chosen.
  const first = listed.find((e) => !e.disabled)?.id ?? '';
  const lastFirst = useRef('');
  useEffect(() => {
    if (selected === lastFirst.current || !listed.some((e) => e.id === selected)) select(first);
    lastFirst.current = first;
  }, [first, listed, selected, select]);
  return (
    <>
      {listed.length === 0 && (
        <Cmdk.Empty>
          {searching ? 'Looking…' : 'No view, action, place, signal, watch or order by that name.'}
        </Cmdk.Empty>
      )}
      {groups.map((group) => (
        <Cmdk.Group key={group} heading={group}>
          {listed
            .filter((e) => e.group === group)
            .map((e) => (
              <Cmdk.Item
                key={e.id}
                value={e.id}
                disabled={e.disabled}
                onSelect={() => {
                  close();
                  e.run();
                }}
              >
                <span className="palette-title">
                  {e.title}
                  {e.detail && <span className="palette-detail muted"> · {e.detail}</span>}
                </span>
                {e.keys && <Keys keys={e.keys} />}
              </Cmdk.Item>
            ))}
        </Cmdk.Group>
      ))}
    </>
  );
}

export function Palette({
  open,
  onOpenChange,
  commands,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  commands: readonly Command[];
}) {
  const [text, setText] = useState('');
  const [selected, setSelected] = useState('');
  const change = (o: boolean) => {
    if (!o) setText('');
    onOpenChange(o);
  };
  return (
    <Cmdk.Dialog
      open={open}
      onOpenChange={change}
      label="Command palette"
      className="palette"
      overlayClassName="palette-overlay"
      contentClassName="palette-content"
      shouldFilter={false}
      value={selected}
      onValueChange={setSelected}
      loop
    >
      <Cmdk.Input
        value={text}
        onValueChange={setText}
        placeholder="A view, an action, a place, a signal, a watch or an order…"
        aria-label="Command"
      />
      <Cmdk.List>
        {open && (
          <Results
            text={text}
            commands={commands}
            close={() => change(false)}
            selected={selected}
            select={setSelected}
          />
        )}
      </Cmdk.List>
    </Cmdk.Dialog>
  );
}
