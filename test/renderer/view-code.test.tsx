// A view whose code loads when first shown: "Opening …" while it loads, the view the moment it
// is in (and at once when it already is: the window opening on the map loads its code early),
// and a failed load shown in the view's own area with "Try again" loading it again.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ViewBody, viewCode } from '../../renderer/src/app/view-code';
import { ErrorBoundary } from '../../renderer/src/ui/error-boundary';

const MapHere = () => <p>The map</p>;

describe('a view whose code loads when first shown', () => {
  it('says it is opening, shows the view once loaded, and at once when already loaded', async () => {
    const code = viewCode(() => Promise.resolve(MapHere));
    const first = render(<ViewBody view={{ label: 'Map', Component: code }} />);
    expect(screen.getByText('Opening Map…')).toBeTruthy();
    await screen.findByText('The map');
    first.unmount();
    // Loaded before the view is shown: no "Opening" in between.
    render(<ViewBody view={{ label: 'Map', Component: code }} />);
    expect(screen.getByText('The map')).toBeTruthy();
    expect(screen.queryByText('Opening Map…')).toBeNull();
  });

  it('shows a failed load in its own area, and Try again loads it again', async () => {
    let tries = 0;
    const code = viewCode(() =>
      ++tries === 1 ? Promise.reject(new Error('chunk not found')) : Promise.resolve(MapHere),
    );
    render(
      <ErrorBoundary what="The Map view">
        <ViewBody view={{ label: 'Map', Component: code }} />
      </ErrorBoundary>,
    );
    await screen.findByText('The Map view could not be shown');
    expect(screen.getByText('chunk not found')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('The map');
    expect(tries).toBe(2);
  });
});
