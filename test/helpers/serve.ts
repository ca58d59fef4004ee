import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Channel, ContractErrorBody, Input, Result } from '../../shared/contract';
import { repoRoot } from './cli';

export interface ServeProcess {
  url: string;
  origin: string;
  secret: string;
  child: ChildProcess;
  stderr: () => string;
  stop(): Promise<void>;
}

/** Starts `watchfloor serve ARGS` and waits for the URL it prints. */
export function startServeProcess(
  args: string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/watchfloor.js'), 'serve', ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL in 30 s:\n${stderr}`)), 30_000);
    child.on('exit', (code) => reject(new Error(`serve exited (${code}) before printing a URL:\n${stderr}`)));
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const line = stdout.split('\n').find((l) => l.startsWith('http://'));
      if (!line) return;
      clearTimeout(timer);
      const url = new URL(line.trim());
      resolve({
        url: line.trim(),
        origin: url.origin,
        // The secret is in the fragment (never sent): #token=…
        secret: new URLSearchParams(url.hash.slice(1)).get('token') ?? '',
        child,
        stderr: () => stderr,
        stop: () =>
          new Promise((done) => {
            // A child killed by a signal has a signalCode and no exitCode.
            if (child.exitCode !== null || child.signalCode !== null) return done();
            // One that ignores SIGTERM for 5 s is killed outright.
            const force = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(force);
              done();
            });
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** A row's input, optional where the row takes none (`{}`), required where it takes some. */
export type InputArg<C extends Channel> =
  Record<never, never> extends Input<C> ? [input?: Input<C>] : [input: Input<C>];

/**
 * Calls one contract row over serve's loopback HTTP, as the window's browser host does, typed by
 * its channel (shared/contract.ts): the input the row takes, the result it gives. A refusal
 * throws `channel: message`, the error body as its cause.
 */
export async function contractCall<C extends Channel>(
  serve: Pick<ServeProcess, 'origin' | 'secret'>,
  channel: C,
  ...[input]: InputArg<C>
): Promise<Result<C>> {
  const res = await fetch(`${serve.origin}/api/contract/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Token': serve.secret },
    body: JSON.stringify(input ?? {}),
  });
  const body = (await res.json()) as
    { ok: true; result: Result<C> } | { ok: false; error: ContractErrorBody };
  if (!body.ok) throw new Error(`${channel}: ${body.error.message}`, { cause: body.error });
  return body.result;
}

/** Follows serve's push stream; every event reaches `onEvent`. Returns a function that stops it. */
export async function followPushes(
  serve: ServeProcess,
  onEvent: (event: string, data: unknown) => void,
): Promise<() => void> {
  const stream = new AbortController();
  const res = await fetch(`${serve.origin}/api/events`, {
    headers: { 'X-Watchfloor-Token': serve.secret },
    signal: stream.signal,
  });
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) onEvent(event, JSON.parse(data));
        }
      }
    } catch {
      /* stopped */
    }
  })();
  return () => stream.abort();
}
