// The palette (Ctrl/Cmd+K) and the keys reach every view by name; the shell marks where
// the analyst is for assistive technology as well as by colour.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/app/app';
import { useViewState } from '../../renderer/src/state/view-state';
import { useMapRequest } from '../../renderer/src/state/map-request';
import { fakeClient, renderWithData } from './fake-client';

const heading = () => within(screen.getByRole('main')).getByRole('heading', { level: 1 });
const current = () =>
  within(screen.getByRole('navigation', { name: 'Views' }))
    .getAllByRole('link')
    .filter((a) => a.getAttribute('aria-current') === 'page')
    .map((a) => a.textContent);

beforeEach(() => {
  // Start away from the map (OpenLayers draws on a canvas this DOM does not have).
  useViewState.setState({ view: 'signals', query: '' });
});

describe('palette and keys', () => {
  it('navigates to a view chosen in the palette', async () => {
    const user = userEvent.setup();
    renderWithData(<App />, fakeClient());
    await screen.findByRole('navigation', { name: 'Views' });
    expect(heading().textContent).toBe('Signals');

    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('developments');
    const options = within(palette).getAllByRole('option');
    expect(options[0]!.textContent).toContain('Go to Developments');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(heading().textContent).toBe('Developments'));
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
    expect(current()).toEqual([expect.stringContaining('Developments')]);
  });

  it('matches names, not letters scattered through them, in a stable order', async () => {
    const user = userEvent.setup();
    renderWithData(<App />, fakeClient());
    await screen.findByRole('navigation', { name: 'Views' });
    const listed = async (text: string) => {
      await user.keyboard('{Control>}k{/Control}');
      const palette = await screen.findByRole('dialog', { name: 'Command palette' });
      await user.keyboard(text);
      const names = within(palette)
        .queryAllByRole('option')
        .map((o) => o.textContent);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull());
      return names;
    };
    // "pass" is in Passes' name and hint; Terrain and Map only hold p, a, s, s far apart.
    const pass = await listed('pass');
    expect(pass[0]).toBe('Go to Passesgp');
    expect(pass.filter((n) => /Terrain|Go to Map/.test(n!))).toEqual([]);
    // Then places whose name starts so, largest first.
    expect(pass[1]).toMatch(/^Passo Fundo · Brazil/);
    // A word's start in a hint finds its view, after the views named so.
    expect(await listed('theme')).toEqual([expect.stringMatching(/^Switch to the (light|dark) theme/)]);
    // The same text lists the same entries in the same order.
    expect(await listed('pass')).toEqual(pass);
    expect(await listed('zzzz')).toEqual([]);
  }, 30_000);

  it('finds a place by its name, accents aside, and sends the map there', async () => {
    const user = userEvent.setup();
    renderWithData(<App />, fakeClient());
    await screen.findByRole('navigation', { name: 'Views' });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('kyiv');
    const places = await within(palette).findByRole('group', { name: 'Places' });
    const first = (await within(places).findAllByRole('option'))[0]!;
    expect(first.textContent).toMatch(/^Kyiv · Ukraine · [\d,]+ people$/);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(heading().textContent).toBe('Map'));
    const asked = useMapRequest.getState().pending;
    expect(asked).toMatchObject({ kind: 'point', zoom: 9 });
    expect(asked?.kind === 'point' && asked.lonLat.map((v) => Math.round(v))).toEqual([31, 50]);
  });

  it('lists every view in the palette with its key', async () => {
    const user = userEvent.setup();
    renderWithData(<App />, fakeClient());
    await screen.findByRole('navigation', { name: 'Views' });
    await user.click(screen.getByRole('button', { name: /Commands/ }));
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    const names = within(palette)
      .getAllByRole('option')
      .map((o) => o.textContent);
    for (const [view, key] of [
      ['Map', 'm'],
      ['Signals', 's'],
      ['Developments', 'd'],
      ['Brief', 'b'],
      ['Status', 't'],
    ])
      expect(names).toContainEqual(`Go to ${view}g${key}`);
  });

  it('jumps with g then a letter, and focuses the search with /', async () => {
    const user = userEvent.setup();
    renderWithData(<App />, fakeClient());
    await screen.findByRole('navigation', { name: 'Views' });
    await user.keyboard('gb');
    await waitFor(() => expect(heading().textContent).toBe('Brief'));
    await user.keyboard('gt');
    await waitFor(() => expect(heading().textContent).toBe('Status'));
    await user.keyboard('/');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search signals' }));
    // Typing in the field is text, not shortcuts.
    await user.keyboard('gb');
    expect(heading().textContent).toBe('Status');
    expect((document.activeElement as HTMLInputElement).value).toBe('gb');
  });
});
