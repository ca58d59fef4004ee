// Keyboard shortcuts from the command list: a command's `keys` is a sequence of steps, each
// a key as the browser names it ('g', '/', '?', 'Escape') or 'mod+<key>' (Ctrl, or Cmd on a
// Mac). Plain keys are ignored while the analyst types in a field; 'mod+' ones are not.
import { useEffect, useRef } from 'react';

export interface KeyCommand {
  keys?: readonly string[];
  disabled?: boolean;
  run: () => void;
}

const MODIFIERS = new Set(['Shift', 'Control', 'Meta', 'Alt', 'AltGraph', 'CapsLock']);
/** How long a started sequence ('g' …) waits for its next key. */
const SEQUENCE_MS = 1500;

export const isMac = (): boolean => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement)
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color'].includes(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
const startsWith = (a: readonly string[], b: readonly string[]) =>
  a.length > b.length && b.every((x, i) => x === a[i]);

/** The label of one step as the analyst presses it: "Ctrl+K" (⌘K on a Mac), "Esc", "g". */
export function stepLabel(step: string, mac = isMac()): string {
  if (step.startsWith('mod+')) {
    const key = step.slice(4).toUpperCase();
    return mac ? `⌘${key}` : `Ctrl+${key}`;
  }
  return step === 'Escape' ? 'Esc' : step;
}

/**
 * Listens on the window while mounted. `suspended` (a dialog is open) lets only 'mod+'
 * commands through, so the palette's own keys are its own.
 */
export function useCommandKeys(commands: readonly KeyCommand[], suspended: boolean): void {
  const latest = useRef({ commands, suspended });
  latest.current = { commands, suspended };
  useEffect(() => {
    let buffer: string[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reset = () => {
      buffer = [];
      clearTimeout(timer);
    };
    const tryRun = (seq: string[], e: KeyboardEvent): 'ran' | 'prefix' | 'none' => {
      const live = latest.current.commands.filter((c) => c.keys && !c.disabled);
      const exact = live.find((c) => same(c.keys!, seq));
      if (exact) {
        e.preventDefault();
        reset();
        exact.run();
        return 'ran';
      }
      if (live.some((c) => startsWith(c.keys!, seq))) {
        e.preventDefault();
        buffer = seq;
        clearTimeout(timer);
        timer = setTimeout(reset, SEQUENCE_MS);
        return 'prefix';
      }
      return 'none';
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || MODIFIERS.has(e.key) || e.altKey) return;
      const mod = e.ctrlKey || e.metaKey;
      // A dialog open over the window (the thread, the sheet) owns its plain keys: Esc closes it
      // and nothing else.
      const inDialog = e.target instanceof Element && !!e.target.closest('dialog[open]');
      if (!mod && (latest.current.suspended || inDialog || isEditable(e.target))) return reset();
      const typed = mod ? `mod+${e.key.toLowerCase()}` : e.key;
      if (tryRun([...buffer, typed], e) !== 'none') return;
      const hadPrefix = buffer.length > 0;
      reset();
      // "g x" with no such view: the x may start something of its own.
      if (hadPrefix) tryRun([typed], e);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      reset();
      window.removeEventListener('keydown', onKey);
    };
  }, []);
}
