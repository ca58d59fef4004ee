import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
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
        secret: url.searchParams.get('token') ?? '',
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
