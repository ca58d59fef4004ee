// Ctrl/Cmd+K: every view and action by name, each with its key beside it, so the palette
// also teaches the shortcuts.
import { Command as Cmdk } from 'cmdk';
import type { Command } from './commands';
import { stepLabel } from './keyboard';

const GROUPS: Command['group'][] = ['Go to', 'Actions', 'Window'];

export function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="keys">
      {keys.map((k, i) => (
        <kbd key={i}>{stepLabel(k)}</kbd>
      ))}
    </span>
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
  return (
    <Cmdk.Dialog
      open={open}
      onOpenChange={onOpenChange}
      label="Command palette"
      className="palette"
      overlayClassName="palette-overlay"
      contentClassName="palette-content"
      loop
    >
      <Cmdk.Input placeholder="Type a view or an action…" aria-label="Command" />
      <Cmdk.List>
        <Cmdk.Empty>No view or action by that name.</Cmdk.Empty>
        {GROUPS.map((group) => (
          <Cmdk.Group key={group} heading={group}>
            {commands
              .filter((c) => c.group === group && c.id !== 'palette.open')
              .map((c) => (
                <Cmdk.Item
                  key={c.id}
                  value={c.id}
                  keywords={[c.title, ...(c.keywords ?? [])]}
                  disabled={c.disabled}
                  onSelect={() => {
                    onOpenChange(false);
                    c.run();
                  }}
                >
                  <span className="palette-title">{c.title}</span>
                  {c.keys && <Keys keys={c.keys} />}
                </Cmdk.Item>
              ))}
          </Cmdk.Group>
        ))}
      </Cmdk.List>
    </Cmdk.Dialog>
  );
}
