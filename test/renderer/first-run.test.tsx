// The first-run form: http:// to another machine is sent only when the analyst ticks "Allow
// unencrypted http" (main refuses it otherwise, before the key leaves); https and a local
// address ask nothing.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FirstRun } from '../../renderer/src/app/first-run';
import { DEMO_INFO, fakeClient, renderWithData } from './fake-client';

function setup() {
  const client = fakeClient({ 'setup.connect': () => ({ ...DEMO_INFO, mode: 'live' }) });
  renderWithData(<FirstRun onReady={() => undefined} />, client);
  return client;
}

async function fill(address: string) {
  await userEvent.type(screen.getByLabelText('Service address'), address);
  await userEvent.type(screen.getByLabelText('API key'), 'key-0123456789');
}

describe('first run', () => {
  it('asks before sending a key over http:// to another machine, and says what it means', async () => {
    const client = setup();
    await fill('http://10.4.0.7:8080');
    const allow = screen.getByRole('checkbox', { name: /Allow unencrypted http/ });
    expect(allow.closest('label')!.textContent).toContain('clear text');
    await userEvent.click(allow);
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(client.calls('setup.connect')).toHaveLength(1));
    expect(client.calls('setup.connect')[0]).toMatchObject({
      baseUrl: 'http://10.4.0.7:8080',
      insecureHttp: true,
    });
  });

  it('asks nothing for https or for this machine', async () => {
    const client = setup();
    await fill('https://service.example');
    expect(screen.queryByRole('checkbox', { name: /Allow unencrypted http/ })).toBeNull();
    await userEvent.clear(screen.getByLabelText('Service address'));
    await userEvent.type(screen.getByLabelText('Service address'), 'http://127.0.0.1:8080');
    expect(screen.queryByRole('checkbox', { name: /Allow unencrypted http/ })).toBeNull();
    await userEvent.type(screen.getByLabelText('API key'), 'key-0123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(client.calls('setup.connect')).toHaveLength(1));
    expect(client.calls('setup.connect')[0]).not.toHaveProperty('insecureHttp');
  });
});
