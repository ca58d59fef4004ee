// What the analyst can change on a watch: its name, paused or active, a question for it, or
// delete it (after a confirmation). Each change goes through the outbox (watches.update /
// watches.delete) and its line says pending until the service has it, or the refusal.
import { useState, type FormEvent } from 'react';
import type { OutboxItem } from '../../../../shared/contract';
import { useWatchesDelete, useWatchesUpdate } from '../../data';
import { WriteStatus, type Queued } from '../../ui/write-status';
import type { WatchRow } from './buckets';

export function WatchActions({ row }: { row: WatchRow }) {
  const update = useWatchesUpdate();
  const remove = useWatchesDelete();
  const [form, setForm] = useState<'rename' | 'question' | 'delete' | null>(null);
  const [name, setName] = useState('');
  const [question, setQuestion] = useState('');
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
    if (f === 'rename') setName(row.record.name ?? '');
    if (f === 'question') setQuestion('');
  };
  const rename = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) update.mutate({ watchId: row.id, name: name.trim() }, done('Rename'));
  };
  const ask = (e: FormEvent) => {
    e.preventDefault();
    if (question.trim()) update.mutate({ watchId: row.id, question: question.trim() }, done('Question'));
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
      {form === 'rename' && (
        <form className="inline-form" aria-label="Rename watch" onSubmit={rename}>
          <label>
            <span>Name</span>
            <input
              type="text"
              required
              maxLength={200}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <button type="submit" disabled={!name.trim() || update.isPending}>
            Save name
          </button>
          <button type="button" className="ghost" onClick={() => setForm(null)}>
            Cancel
          </button>
        </form>
      )}
      {form === 'question' && (
        <form className="inline-form" aria-label="Ask a question" onSubmit={ask}>
          <label>
            <span>Question</span>
            <input
              type="text"
              required
              maxLength={500}
              value={question}
              placeholder="what should this watch answer?"
              onChange={(e) => setQuestion(e.target.value)}
            />
          </label>
          <button type="submit" disabled={!question.trim() || update.isPending}>
            Ask
          </button>
          <button type="button" className="ghost" onClick={() => setForm(null)}>
            Cancel
          </button>
        </form>
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
