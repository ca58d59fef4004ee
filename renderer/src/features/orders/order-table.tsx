// The standing orders: state, cadence, box, last run (a fired order stands out), what is
// pending, and pause / resume / delete (delete asks first). Pause and delete exist only on
// the alternate profile's service; on the main profile the view says so instead.
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useOrdersDelete, useOrdersSetActive } from '../../data';
import { formatUtc, RelativeTime } from '../../ui/time';
import { formatKm2 } from '../../map/box-tool/box';
import type { OrderLine } from './order-lines';
import { PendingNote } from './pending-note';
import { useRowChoice } from './row-choice';
import { ConfirmGroup } from '../../ui/confirm';
import { ChoosableRow, RowTable, type Column } from '../../ui/row-table';
import { formatCount } from '../../../../shared/count';

const stop = (e: MouseEvent | KeyboardEvent) => e.stopPropagation();

function OrderActions({ line }: { line: OrderLine }) {
  const setActive = useOrdersSetActive();
  const remove = useOrdersDelete();
  const [confirming, setConfirming] = useState(false);
  const deleting = line.changes.some((c) => c.what === 'deleting' && c.refusal === null);
  // An order whose record does not say (the service's create answer omits it) is taken as
  // running: pausing it is what can be asked.
  const error = setActive.error ?? remove.error;
  if (confirming)
    return (
      <ConfirmGroup
        className="order-confirm"
        label={`Delete ${line.name}?`}
        onClick={stop}
        onConfirm={() => remove.mutate({ orderId: line.id })}
        onKeep={() => setConfirming(false)}
      >
        Delete “{line.name}”? The service stops checking it.
      </ConfirmGroup>
    );
  return (
    <span className="order-actions" onClick={stop} onKeyDown={stop}>
      <button
        type="button"
        disabled={deleting || setActive.isPending}
        aria-label={`${line.active === false ? 'Resume' : 'Pause'} ${line.name}`}
        onClick={() => setActive.mutate({ orderId: line.id, active: line.active === false })}
      >
        {line.active === false ? 'Resume' : 'Pause'}
      </button>{' '}
      <button
        type="button"
        className="ghost"
        disabled={deleting}
        aria-label={`Delete ${line.name}`}
        onClick={() => setConfirming(true)}
      >
        Delete
      </button>
      {error && <span role="alert"> Not queued: {error.message}</span>}
    </span>
  );
}

/** Date and time each kept whole: a narrow cell breaks between them, never inside a date. */
function DateTime({ iso }: { iso: string }) {
  const [date, time] = formatUtc(iso).replace(' UTC', '').split(' ');
  return (
    <>
      <span className="nowrap">{date}</span> <span className="nowrap">{time}</span>
    </>
  );
}

const COLUMNS: readonly Column[] = [
  'Name',
  'State',
  'Cadence',
  { label: 'Area', className: 'right' },
  'Last run (fired)',
  'Next due',
  {
    label: 'Tokens / month',
    className: 'right',
    title: 'Monthly tokens the service projected when it accepted the order',
  },
  'Service',
];

export function OrderTable({ lines, canChange }: { lines: readonly OrderLine[]; canChange: boolean }) {
  const { isChosen, choose } = useRowChoice('order');
  return (
    <RowTable
      className="orders-table"
      label="Standing orders"
      columns={canChange ? [...COLUMNS, 'Actions'] : COLUMNS}
    >
      {lines.map((l) => (
        <ChoosableRow
          key={l.id}
          className={l.lastRunAt ? 'order-fired' : undefined}
          selected={isChosen(l.id)}
          testId="order-row"
          onChoose={() => choose(l)}
          title="Show what this order found"
        >
          <td>{l.name}</td>
          <td>
            {l.active === null ? (
              <span className="unknown">not said</span>
            ) : l.active ? (
              'active'
            ) : (
              <span className="tag">paused</span>
            )}
          </td>
          <td>{l.cadence ?? <span className="unknown">not said</span>}</td>
          <td className="right num">{l.km2 === null ? '—' : formatKm2(l.km2)}</td>
          <td className="wrap">
            {l.lastRunAt ? (
              <span className="fired" title={formatUtc(l.lastRunAt)}>
                <span className="tag tag-danger">FIRED</span> <RelativeTime iso={l.lastRunAt} />
                {l.totalRuns !== null && (
                  <span className="muted num">
                    {' '}
                    · {formatCount(l.totalRuns)} {l.totalRuns === 1 ? 'run' : 'runs'}
                  </span>
                )}
              </span>
            ) : (
              <span className="muted">never</span>
            )}
          </td>
          <td className="num wrap">{l.nextDueAt ? <DateTime iso={l.nextDueAt} /> : '—'}</td>
          <td className="right num wrap">
            {l.projected ? (
              `typical ${formatCount(l.projected.typical)} · max ${formatCount(l.projected.max)}`
            ) : (
              <span className="muted">not stated</span>
            )}
          </td>
          <td className="wrap">
            <PendingNote pending={l.pending} changes={l.changes} />
          </td>
          {canChange && (
            <td>
              <OrderActions line={l} />
            </td>
          )}
        </ChoosableRow>
      ))}
    </RowTable>
  );
}
