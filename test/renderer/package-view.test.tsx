// The Decision package view as an analyst meets it: it asks for a watch until one is selected
// (and picking one selects it everywhere), shows the discriminators as a table, tells "could
// not look" from "looked, absent" in words and a shape (the same with every colour taken away),
// and compares two kept revisions. The main profile has no watches and says so.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Input, PackageGetResult, Result } from '../../shared/contract';
import { packageOf } from '../../renderer/src/data/records';
import { PackageView } from '../../renderer/src/features/package/package-view';
import { useSelection } from '../../renderer/src/state/selection';
import { DEMO_INFO, fakeClient, renderWithData } from './fake-client';
import { R1, R2, REVISIONS, WATCH_ID } from './package-fixtures';

const ALT = { ...DEMO_INFO, profile: 'alternate' as const };
const AS_OF = '2026-11-22T08:00:05.000Z';

const WATCHES: Result<'watches.list'> = {
  rows: [
    { id: WATCH_ID, pending: false, record: { id: WATCH_ID, name: 'Is the port still operating?' } },
    { id: 'w-empty', pending: false, record: { id: 'w-empty', name: 'A watch with no package yet' } },
  ],
  asOf: AS_OF,
};

/** The alternate service's packages (the main one has none). */
function getPackage({
  watchId,
  revision,
}: Input<'packages.get'>): Extract<PackageGetResult, { profile: 'alternate' }> {
  const byRev = { r1: R1, r2: R2 } as const;
  const rev = watchId === WATCH_ID ? (revision ?? 'r2') : null;
  const pkg = rev && rev in byRev ? byRev[rev as keyof typeof byRev] : null;
  return {
    profile: 'alternate',
    watchId,
    revision: pkg ? REVISIONS.find((r) => r.revision === pkg.revision)! : null,
    package: pkg,
    asOf: AS_OF,
  };
}

function client(profile: 'main' | 'alternate' = 'alternate') {
  return fakeClient({
    'app.info': () => (profile === 'main' ? DEMO_INFO : ALT),
    'watches.list': () => WATCHES,
    'packages.revisions': ({ watchId }) => ({
      watchId,
      revisions: watchId === WATCH_ID ? REVISIONS : [],
      asOf: AS_OF,
    }),
    'packages.get': getPackage,
  });
}

const selectWatch = (id: string, label?: string) =>
  act(() => useSelection.getState().select({ kind: 'watch', id, ...(label ? { label } : {}) }));

beforeEach(() => useSelection.getState().clear());

describe('Decision package view', () => {
  it('asks for a watch until one is selected, and picking one selects it everywhere', async () => {
    const c = client();
    renderWithData(<PackageView />, c);
    expect(await screen.findByText('Pick a watch to see its decision package')).toBeTruthy();
    expect(c.calls('packages.get')).toEqual([]);
    const picker = screen.getByRole('combobox', { name: 'Watch' });
    await screen.findByRole('option', { name: 'Is the port still operating?' });
    await userEvent.selectOptions(picker, WATCH_ID);
    expect(useSelection.getState().selection).toMatchObject({ kind: 'watch', id: WATCH_ID });
    expect(await screen.findByRole('table', { name: 'Discriminators' })).toBeTruthy();
  });

  it('shows the selected watch’s latest package: discriminators as a table, schema version, limitations', async () => {
    selectWatch(WATCH_ID, 'Is the port still operating?');
    renderWithData(<PackageView />, client());
    const table = await screen.findByRole('table', { name: 'Discriminators' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Observable', 'Verdict', 'Max elimination', 'Refutes if absent']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['post-event imagery of the site', 'procurable', '3', 'h1'],
      ['night-time lights of the port', 'actionable', '1', 'h1, h2'],
    ]);
    const fact = (label: string) =>
      screen.getAllByText(label).find((el) => el.tagName === 'DT')!.nextElementSibling?.textContent;
    expect(fact('Schema version')).toBe('1');
    expect(fact('Revision')).toBe('r2');
    const lim = screen.getByRole('list', { name: 'Limitations' });
    expect(
      within(lim)
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual(R2.limitations);
    expect(screen.getByText(/2 revisions kept/)).toBeTruthy();
  });

  it('says a missing max_elimination is not stated, never "eliminates 0" (issue 23: unknown is never zero)', async () => {
    selectWatch(WATCH_ID, 'Is the port still operating?');
    const unweighed = {
      observable: 'night lights over the town',
      verdict: 'not_observable',
      refutes_if_absent: [],
    };
    const r2 = { ...R2, discriminators: [...R2.discriminators!, unweighed] };
    renderWithData(
      <PackageView />,
      fakeClient({
        'app.info': () => ALT,
        'watches.list': () => WATCHES,
        'packages.revisions': ({ watchId }) => ({ watchId, revisions: REVISIONS, asOf: AS_OF }),
        'packages.get': (input) => ({ ...getPackage(input), package: r2 }),
      }),
    );
    const table = await screen.findByRole('table', { name: 'Discriminators' });
    const row = within(table).getByText('night lights over the town').closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[2]).toBe('not stated');
    expect(row.textContent).not.toMatch(/\b0\b/);
  });

  it('tells could-not-look from looked-and-absent in words and a shape, not by colour', async () => {
    selectWatch(WATCH_ID);
    renderWithData(<PackageView />, client());
    const table = await screen.findByRole('table', { name: 'Negative evidence' });
    const [, absent, noLook] = within(table).getAllByRole('row');
    const kindCell = (row: HTMLElement) => within(row).getAllByRole('cell')[0]!;
    // The words and the icon are text in the cell: they survive with every style removed.
    expect(kindCell(absent!).textContent).toBe('○Looked, absent');
    expect(kindCell(noLook!).textContent).toBe('⊘Could not look');
    // The rest of the row carries the reason, the source status and the detail.
    expect(
      within(noLook!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '⊘Could not look',
      'oil slick',
      'sar',
      'inconclusive',
      'no coverage of the bay',
      'no coverage',
      'none',
    ]);
    // Strip every class and inline style: the two kinds still read differently.
    const plain = (el: HTMLElement) => {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('*').forEach((n) => {
        n.removeAttribute('class');
        n.removeAttribute('style');
      });
      return copy.textContent;
    };
    expect(plain(kindCell(absent!))).not.toBe(plain(kindCell(noLook!)));
    expect(screen.getByText(/“Could not look” says nothing about absence/)).toBeTruthy();
  });

  it('opens an older kept revision', async () => {
    selectWatch(WATCH_ID);
    renderWithData(<PackageView />, client());
    await screen.findByRole('table', { name: 'Discriminators' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Revision' }), 'r1');
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Discriminators' })).getByText('port AIS traffic'),
      ).toBeTruthy(),
    );
    const neg = screen.getByRole('table', { name: 'Negative evidence' });
    expect(within(neg).getByText('burn scar').closest('tr')!.textContent).toContain('Could not look');
  });

  it('compares two kept revisions: added, removed and changed', async () => {
    selectWatch(WATCH_ID);
    renderWithData(<PackageView />, client());
    const diff = await screen.findByRole('group', { name: 'Changes from r1 to r2' });
    const disc = within(diff).getByRole('region', { name: 'Discriminators changes' });
    const items = (region: HTMLElement, kind: string) =>
      [...region.querySelectorAll(`li[data-change="${kind}"]`)].map((li) => li.textContent ?? '');
    expect(items(disc, 'added')).toEqual(['+ Added night-time lights of the port ']);
    expect(items(disc, 'removed')).toEqual(['− Removed port AIS traffic ']);
    const changed = items(disc, 'changed')[0]!;
    expect(changed).toContain('post-event imagery of the site');
    expect(changed).toContain('verdict: not_observable → procurable');
    expect(changed).toContain('max elimination: 1 → 3');
    const ev = within(diff).getByRole('region', { name: 'Negative evidence changes' });
    expect(items(ev, 'added')[0]).toMatch(/Added oil slick · sar.*Could not look/);
    expect(items(ev, 'removed')[0]).toMatch(/Removed crane movement/);
    expect(items(ev, 'changed')[0]).toContain('status: inconclusive → absent');
    const lim = within(diff).getByRole('region', { name: 'Limitations changes' });
    expect(items(lim, 'added')).toEqual(['+ Added Night lights are a monthly composite.']);
    // The other way round reads as the mirror image.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'From revision' }), 'r2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'To revision' }), 'r1');
    const back = await screen.findByRole('group', { name: 'Changes from r2 to r1' });
    expect(items(within(back).getByRole('region', { name: 'Discriminators changes' }), 'added')).toEqual([
      '+ Added port AIS traffic ',
    ]);
  });

  it('says so when the watch has no package cached, and when one revision is all there is', async () => {
    selectWatch('w-empty');
    const c = client();
    const { unmount } = renderWithData(<PackageView />, c);
    expect(await screen.findByText('No decision package of this watch in the cache yet')).toBeTruthy();
    unmount();
    c.answer({
      'packages.revisions': ({ watchId }) => ({ watchId, revisions: REVISIONS.slice(1), asOf: AS_OF }),
    });
    selectWatch(WATCH_ID);
    renderWithData(<PackageView />, c);
    expect(await screen.findByText(/Only one revision is cached/)).toBeTruthy();
  });

  it('on the main profile says its service has no watches', async () => {
    renderWithData(<PackageView />, client('main'));
    expect(await screen.findByText('This service has no watches')).toBeTruthy();
  });

  it('reads a package by the profile it is tagged with: the alternate service’s schema, none on the main', () => {
    const alternate = packageOf(getPackage({ watchId: WATCH_ID }));
    expect(alternate.alternate?.discriminators?.[0]?.observable).toBe(R2.discriminators?.[0]?.observable);
    // @ts-expect-error the main service has no decision packages: its record is always null
    const main: PackageGetResult = {
      profile: 'main',
      watchId: WATCH_ID,
      revision: null,
      package: R2,
      asOf: null,
    };
    expect(packageOf({ ...main, package: null })).toEqual({ record: null, main: null, alternate: null });
  });
});
