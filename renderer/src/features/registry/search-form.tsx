// The registry search: a name (at least 2 characters), the subtypes to keep (the profile's
// documented ones; none ticked: any) and how many to answer.
import { useAppInfo } from '../../data';
import { subtypesOf, subtypeWords } from './registry-params';
import { useRegistryState } from './registry-state';

export function SearchFields() {
  const profile = useAppInfo().data?.profile ?? 'main';
  const form = useRegistryState((s) => s.form);
  const set = useRegistryState((s) => s.set);
  const toggle = (sub: string, on: boolean) =>
    set({ subtypes: on ? [...form.subtypes, sub] : form.subtypes.filter((x) => x !== sub) });
  return (
    <form className="tool-form registry-form" aria-label="Entity search" onSubmit={(e) => e.preventDefault()}>
      <label className="tool-field">
        <span>Name</span>
        <input
          type="search"
          value={form.q}
          placeholder="at least 2 characters"
          onChange={(e) => set({ q: e.target.value })}
        />
      </label>
      <fieldset>
        <legend>Subtypes (none ticked: any)</legend>
        <div className="registry-subtypes">
          {subtypesOf(profile).map((sub) => (
            <label key={sub}>
              <input
                type="checkbox"
                checked={form.subtypes.includes(sub)}
                onChange={(e) => toggle(sub, e.target.checked)}
              />{' '}
              {subtypeWords(sub)}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="tool-field">
        <span>At most</span>
        <input
          type="number"
          min={1}
          max={50}
          value={form.limit}
          placeholder="20"
          onChange={(e) => set({ limit: e.target.value })}
        />
      </label>
    </form>
  );
}
