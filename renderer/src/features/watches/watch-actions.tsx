// What the analyst can change on a watch: its name, paused or active, a question for it, or
// delete it (after a confirmation). Each change goes through the outbox (watches.update /
// watches.delete) and its line says pending until the service has it, or the refusal.
import { useState } from 'react';
import type { OutboxItem } from '../../../../shared/contract';
import { useWatchesDelete, useWatchesUpdate } from '../../data';
import { TextField } from '../../ui/form-field';
import { WriteStatus, type Queued } from '../../ui/write-status';
import type { WatchRow } from './buckets';

/** The one-field forms under the actions. */
const FORMS = {
  rename: { label: 'Rename watch', field: 'Name', submit: 'Save name', maxLength: 200 },
  question: {
    label: 'Ask a question',
    field: 'Question',
    submit: 'Ask',
    maxLength: 500,
    placeholder: 'what should this watch answer?',
  },
} as const;

/** A one-field form: its field, then submit (once the field has words) and Cancel. */
function InlineForm({
  label,
  field,
  submit,
  maxLength,
  placeholder,
  value,
  onChange,
  busy,
  onSubmit,
  onCancel,
}: {
  label: string;
  field: string;
  submit: string;
  maxLength: number;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  return (
    <form
      className="inline-form"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <TextField
        label={field}
        required
        maxLength={maxLength}
        value={value}
        placeholder={placeholder}
        onChange={onChange}
      />
      <button type="submit" disabled={!value.trim() || busy}>
        {submit}
      </button>
      <button type="button" className="ghost" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

export function WatchActions({ row }: { row: WatchRow }) {
  const update = useWatchesUpdate();
  const remove = useWatchesDelete();
  const [form, setForm] = useState<'rename' | 'question' | 'delete' | null>(null);
  // The open one-field form's text (the name to rename to, or the question).
  const [text, setText] = useState('');
  const [queued, setQueued] = useState<Queued[]>([]);
  const status = row.record.status ?? null;
  const label = row.record.name ?? 'this watch';

  // `at` is taken before asking: the outbox list the write's hook refreshes must count as after it.
  const done = (what: string, at = Date.now()) => ({
    onSuccess: (item: OutboxItem) => {
      setQueued((q) => [...q.slice(-3), { item, at, label: what }]);
      setForm(null);
    },
  });
  const open = (f: typeof form) => {
    setForm(form === f ? null : f);
    setText(f === 'rename' ? (row.record.name ?? '') : '');
  };
  const send = () => {
    const t = text.trim();
    if (!t) return;
    if (form === 'rename') update.mutate({ watchId: row.id, name: t }, done('Rename'));
    if (form === 'question') update.mutate({ watchId: row.id, question: t }, done('Question'));
  };
  const pause = status === 'paused' ? 'Resume' : 'Pause';

  return (
    <div className="watch-actions">
      <div className="actions" role="group" aria-label="Watch actions">
        <button type="button" aria-expanded={form === 'rename'} onClick={() => open('rename')}>
          Rename
        </button>
        <button
          type="button"
          onClick={() =>
            update.mutate({ watchId: row.id, status: status === 'paused' ? 'active' : 'paused' }, done(pause))
          }
        >
          {pause}
        </button>
        <button type="button" aria-expanded={form === 'question'} onClick={() => open('question')}>
          Ask a question
        </button>
        <button
          type="button"
          className="danger"
          aria-expanded={form === 'delete'}
          onClick={() => open('delete')}
        >
          Delete…
        </button>
      </div>
      {(form === 'rename' || form === 'question') && (
        <InlineForm
          {...FORMS[form]}
          value={text}
          onChange={setText}
          busy={update.isPending}
          onSubmit={send}
          onCancel={() => setForm(null)}
        />
      )}
      {form === 'delete' && (
        <div
          className="confirm"
          role="alertdialog"
          aria-label="Delete watch"
          aria-describedby="watch-delete-what"
        >
          <p id="watch-delete-what">
            Delete “{label}”? The service removes it with its notes, its decision packages and the standing
            orders bound to it.
          </p>
          <button
            type="button"
            className="danger"
            onClick={() => {
              const at = Date.now();
              remove.mutate(
                { watchId: row.id },
                {
                  onSuccess: (item) => {
                    setQueued((q) => [...q, { item, at, label: 'Delete' }]);
                    setForm(null);
                  },
                },
              );
            }}
          >
            Delete watch
          </button>
          <button type="button" className="ghost" onClick={() => setForm(null)}>
            Keep it
          </button>
        </div>
      )}
      {(update.error ?? remove.error) && (
        <p role="alert">Not queued: {(update.error ?? remove.error)!.message}</p>
      )}
      {queued.map((q) => (
        <WriteStatus key={q.item.localId} queued={q} />
      ))}
    </div>
  );
}
