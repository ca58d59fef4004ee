// Every day the window asks for is typed ISO, yyyy-mm-dd, whatever the browser's locale
// (issue 25, item 9): a text field, not chromium's <input type=date>, marked invalid until it
// names a day that exists; the arrow keys step a day, Page Up and Page Down a week.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateInput } from '../../renderer/src/ui/date-input';

function Day({ start, seen }: { start: string; seen: [string, boolean][] }) {
  const [day, setDay] = useState(start);
  return (
    <label>
      Day{' '}
      <DateInput
        value={day}
        onChange={(text, valid) => {
          seen.push([text, valid]);
          if (valid) setDay(text);
        }}
      />
    </label>
  );
}

describe('the ISO day field', () => {
  it('is a text field with the ISO pattern, never the locale’s date control', () => {
    render(<Day start="2026-11-28" seen={[]} />);
    const input = screen.getByRole('textbox', { name: 'Day' }) as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.value).toBe('2026-11-28');
    expect(input.getAttribute('pattern')).toBe('\\d{4}-\\d{2}-\\d{2}');
    expect(input.placeholder).toBe('yyyy-mm-dd');
  });

  it('marks a day that does not exist, and says so to its form', async () => {
    const seen: [string, boolean][] = [];
    render(<Day start="2026-11-28" seen={seen} />);
    const input = screen.getByRole('textbox', { name: 'Day' });
    await userEvent.clear(input);
    await userEvent.type(input, '2026-02-30');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(seen.at(-1)).toEqual(['2026-02-30', false]);
    await userEvent.clear(input);
    await userEvent.type(input, '2028-02-29');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(seen.at(-1)).toEqual(['2028-02-29', true]);
  });

  it('steps a day with the arrows and a week with Page Up and Page Down', async () => {
    render(<Day start="2026-12-31" seen={[]} />);
    const input = screen.getByRole('textbox', { name: 'Day' }) as HTMLInputElement;
    input.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(input.value).toBe('2027-01-01');
    await userEvent.keyboard('{PageDown}');
    expect(input.value).toBe('2026-12-25');
    await userEvent.keyboard('{ArrowDown}');
    expect(input.value).toBe('2026-12-24');
  });
});
