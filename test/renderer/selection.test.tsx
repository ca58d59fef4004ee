// One selection for the whole window: what is selected in one place (a notification, the
// map) shows in the inspector and in every list; Esc clears it everywhere.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppNotification } from '../../shared/contract';
import { Shell } from '../../renderer/src/app/shell';
import { useSelection } from '../../renderer/src/state/selection';
import { useViewState } from '../../renderer/src/state/view-state';
import { fakeClient, renderWithData } from './fake-client';

const fired: AppNotification = {
  id: 'n1',
  at: '2026-11-01T09:00:00Z',
  kind: 'order_fired',
  title: 'Order "Odesa port" fired',
  body: '4 new signals in the area',
  target: { type: 'order', id: 'order-77' },
};

const inspector = () => screen.getByRole('complementary', { name: 'Inspector' });
const row = () => within(screen.getByTestId('notifications')).getByText(fired.title).closest('li')!;

beforeEach(() => {
  useViewState.setState({ view: 'status', inspectorOpen: true });
  useSelection.getState().clear();
});

describe('the selection', () => {
  it('selected from a notification shows in the inspector and the list; Esc clears both', async () => {
    const user = userEvent.setup();
    renderWithData(<Shell />, fakeClient({ 'notifications.list': () => [fired] }));
    expect(within(inspector()).getByText('Nothing selected')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: fired.title }));
    // The order's section (its code loads with the first order selected).
    expect((await within(inspector()).findByRole('heading', { level: 3 })).textContent).toBe(fired.title);
    expect(within(inspector()).getByText('order-77')).toBeTruthy();
    expect(within(inspector()).getByText('Standing order')).toBeTruthy();
    // Opening it went to the map, where an order's outline is (test/renderer/notification-target.test.tsx);
    // back in Status, the list marks it as the selection.
    expect(useViewState.getState().view).toBe('map');
    act(() => useViewState.getState().setView('status'));
    expect(row().getAttribute('aria-current')).toBe('true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(inspector()).getByText('Nothing selected')).toBeTruthy());
    expect(row().getAttribute('aria-current')).toBeNull();
  });

  it('made anywhere else (as the map will) reaches the same inspector and list', async () => {
    renderWithData(<Shell />, fakeClient({ 'notifications.list': () => [fired] }));
    await screen.findByText(fired.title);
    act(() =>
      useSelection.getState().select({ kind: 'order', id: 'order-77', label: 'Odesa port', from: 'Map' }),
    );
    expect((await within(inspector()).findByRole('heading', { level: 3 })).textContent).toBe('Odesa port');
    expect(within(inspector()).getByText('Map')).toBeTruthy();
    expect(row().getAttribute('aria-current')).toBe('true');
    act(() => useSelection.getState().select({ kind: 'signal', id: 'sig-1' }));
    expect(row().getAttribute('aria-current')).toBeNull();
  });
});
