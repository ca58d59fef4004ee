// Writing a note: a titled note starts a thread, a reply sits under one (one level deep, so a
// reply has no title). Likelihood and confidence are separate choices; gaps are one per line;
// the next check is free text (a date or a condition, as the analyst writes it).
import { useState, type FormEvent } from 'react';
import { TextField } from '../../ui/form-field';
import { ConfidenceChoice, LikelihoodScale } from './likelihood-scale';

export interface NoteDraft {
  note: string;
  title?: string;
  confidence?: string;
  likelihood?: string;
  gaps?: string[];
  nextCheck?: string;
}

/** The draft as sent: blank fields left out, gaps one per non-empty line. */
export function draftOf(v: {
  note: string;
  title: string;
  confidence: string | null;
  likelihood: string | null;
  gaps: string;
  nextCheck: string;
}): NoteDraft {
  const gaps = v.gaps
    .split('\n')
    .map((g) => g.trim())
    .filter(Boolean);
  return {
    note: v.note.trim(),
    ...(v.title.trim() ? { title: v.title.trim() } : {}),
    ...(v.confidence ? { confidence: v.confidence } : {}),
    ...(v.likelihood ? { likelihood: v.likelihood } : {}),
    ...(gaps.length ? { gaps } : {}),
    ...(v.nextCheck.trim() ? { nextCheck: v.nextCheck.trim() } : {}),
  };
}

export function NoteForm({
  reply = false,
  initial,
  busy = false,
  error,
  onSubmit,
  onCancel,
}: {
  /** A reply: no title (replies are one level deep under a titled note). */
  reply?: boolean;
  /** Editing a note not yet sent: the form starts from it and saves in its place. */
  initial?: NoteDraft;
  busy?: boolean;
  /** Why the last attempt was not queued. */
  error?: string | null;
  /** Returns whether the note was taken (the form then clears). */
  onSubmit: (draft: NoteDraft) => boolean | Promise<boolean>;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [note, setNote] = useState(initial?.note ?? '');
  const [confidence, setConfidence] = useState<string | null>(initial?.confidence ?? null);
  const [likelihood, setLikelihood] = useState<string | null>(initial?.likelihood ?? null);
  const [gaps, setGaps] = useState((initial?.gaps ?? []).join('\n'));
  const [nextCheck, setNextCheck] = useState(initial?.nextCheck ?? '');
  const what = initial ? (reply ? 'Edit reply' : 'Edit note') : reply ? 'Reply' : 'New note';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) return;
    const taken = await onSubmit(draftOf({ note, title, confidence, likelihood, gaps, nextCheck }));
    if (taken) {
      setTitle('');
      setNote('');
      setConfidence(null);
      setLikelihood(null);
      setGaps('');
      setNextCheck('');
    }
  };

  return (
    <form className="note-form" aria-label={what} onSubmit={(e) => void submit(e)}>
      {!reply && (
        <TextField
          className="note-field"
          label="Title"
          value={title}
          maxLength={300}
          placeholder="optional: a titled note starts a thread"
          onChange={setTitle}
        />
      )}
      <TextField
        className="note-field"
        label={reply ? 'Reply' : 'Note'}
        required
        rows={3}
        maxLength={20_000}
        value={note}
        onChange={setNote}
      />
      <div className="judgments">
        <ConfidenceChoice value={confidence} onChange={setConfidence} />
        <LikelihoodScale value={likelihood} onChange={setLikelihood} />
      </div>
      <TextField
        className="note-field"
        label="Gaps"
        rows={2}
        value={gaps}
        placeholder="what is not known, one per line"
        onChange={setGaps}
      />
      <TextField
        className="note-field"
        label="Next check"
        value={nextCheck}
        maxLength={200}
        placeholder="when or on what to look again"
        onChange={setNextCheck}
      />
      {error && (
        <p role="alert">
          {initial ? 'Not saved' : 'Not queued'}: {error}
        </p>
      )}
      <div className="note-actions">
        <button type="submit" disabled={busy || !note.trim()}>
          {initial ? 'Save changes' : reply ? 'Send reply' : 'Add note'}
        </button>
        {onCancel && (
          <button type="button" className="ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
