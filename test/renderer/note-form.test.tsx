// The note form and the ICD 203 scale: the scale offers exactly the terms and ranges of
// docs/domain.md; likelihood and confidence are two separate choices and are sent as two
// fields, never merged; a reply has no title; blank fields are not sent.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NoteForm, type NoteDraft } from '../../renderer/src/features/notes/note-form';
import { LikelihoodScale } from '../../renderer/src/features/notes/likelihood-scale';

/** The likelihood table of docs/domain.md, as written there: "term / other term" and "lo–hi %". */
function domainScale(): { words: string; range: string }[] {
  const doc = readFileSync(path.join(__dirname, '../../docs/domain.md'), 'utf8');
  const section = doc.split('## Estimative language (ICD 203)')[1]!.split('\n## ')[0]!;
  return section
    .split('\n')
    .filter((l) => /^\|.*%\s*\|$/.test(l.trim()))
    .map((l) => {
      const [words, range] = l
        .split('|')
        .slice(1, 3)
        .map((c) => c.trim());
      return { words: words!, range: range! };
    });
}

describe('the ICD 203 likelihood scale', () => {
  it('offers each term of docs/domain.md with its range, in its order, and "not stated"', () => {
    const expected = domainScale();
    expect(expected).toHaveLength(7);
    render(<LikelihoodScale value={null} onChange={() => {}} />);
    const group = screen.getByRole('group', { name: /Likelihood/ });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(expected.length + 1);
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    expect(radios[0]!.closest('label')!.textContent).toBe('not stated');
    const shown = radios.slice(1).map((r) => {
      const label = r.closest('label')!;
      return {
        words: label.querySelector('.scale-words')!.textContent,
        range: label.querySelector('.scale-range')!.textContent,
      };
    });
    expect(shown).toEqual(expected);
  });

  it('reports the term picked', async () => {
    const onChange = vi.fn();
    render(<LikelihoodScale value={null} onChange={onChange} />);
    await userEvent.click(screen.getByRole('radio', { name: /very likely \/ highly probable/ }));
    expect(onChange).toHaveBeenLastCalledWith('very likely');
  });
});

describe('the note form', () => {
  it('sends confidence and likelihood as two separate fields, gaps one per line', async () => {
    const sent: NoteDraft[] = [];
    render(<NoteForm onSubmit={(d) => (sent.push(d), true)} />);
    const form = screen.getByRole('form', { name: 'New note' });
    const submit = within(form).getByRole('button', { name: 'Add note' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), 'Port status');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Note' }), 'Cranes idle on two passes.');
    const confidence = within(form).getByRole('group', { name: /Confidence/ });
    const likelihood = within(form).getByRole('group', { name: /Likelihood/ });
    // The two judgments are two groups: picking one leaves the other as it was.
    await userEvent.click(within(confidence).getByRole('radio', { name: 'moderate' }));
    expect((within(likelihood).getByRole('radio', { name: 'not stated' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await userEvent.click(within(likelihood).getByRole('radio', { name: /^likely \/ probable/ }));
    expect((within(confidence).getByRole('radio', { name: 'moderate' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Gaps' }),
      'no imagery since Monday{enter}{enter}crew count',
    );
    await userEvent.type(within(form).getByRole('textbox', { name: 'Next check' }), 'next Sentinel-1 pass');
    await userEvent.click(submit);
    expect(sent).toEqual([
      {
        title: 'Port status',
        note: 'Cranes idle on two passes.',
        confidence: 'moderate',
        likelihood: 'likely',
        gaps: ['no imagery since Monday', 'crew count'],
        nextCheck: 'next Sentinel-1 pass',
      },
    ]);
    // Taken: the form is clear for the next note.
    expect((within(form).getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('leaves out what was not stated, and a reply has no title', async () => {
    const sent: NoteDraft[] = [];
    render(<NoteForm reply onSubmit={(d) => (sent.push(d), true)} />);
    const form = screen.getByRole('form', { name: 'Reply' });
    expect(within(form).queryByRole('textbox', { name: 'Title' })).toBeNull();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Reply' }), 'Agreed.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(sent).toEqual([{ note: 'Agreed.' }]);
  });

  it('keeps the text and says why when the note was not taken', async () => {
    render(<NoteForm error="the link is down" onSubmit={() => false} />);
    const form = screen.getByRole('form', { name: 'New note' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Note' }), 'Keep me');
    await userEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    expect((within(form).getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe(
      'Keep me',
    );
    expect(within(form).getByRole('alert').textContent).toContain('the link is down');
  });
});
