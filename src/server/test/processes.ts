/**
 * Services in processes of their own, for tests that make them fail for real (decision 101): a
 * redis-server or an s3rver on a free port that a test can hang (SIGSTOP), resume (SIGCONT), kill
 * (SIGKILL) and start again on the same port and data.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { s3rverSettings, type TestS3 } from './s3-server';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Whether a redis-server binary is on the PATH (suites that need one skip without it). */
export const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

export interface ServiceProcess {
  port: number;
  /** SIGSTOP: the port still accepts connections, nothing answers (a hung service). */
  hang(): void;
  /** SIGCONT after hang(). */
  resume(): void;
  /** SIGKILL: connections are refused. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data, after kill(). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** Runs `command` on a free port (the same one on every restart) until it accepts connections. */
async function service(name: string, start: (port: number, dir: string) => ChildProcess): Promise<ServiceProcess> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), `tabi-${name}-`));
  let child: ChildProcess;
  const run = async () => {
    child = start(port, dir);
    let output = '';
    child.stderr?.on('data', (d) => (output += String(d)));
    const until = Date.now() + 15_000;
    while (!(await accepts(port))) {
      if (child.exitCode !== null || Date.now() > until)
        throw new Error(`${name} did not start on port ${port}: ${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  await run();
  return {
    port,
    hang: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    kill,
    restart: run,
    async close() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** redis-server on a free port, nothing saved to disk. */
export async function startRedisProcess(): Promise<ServiceProcess & { url: string }> {
  const redis = await service('redis', (port, dir) =>
    spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    ),
  );
  return { ...redis, url: `redis://127.0.0.1:${redis.port}` };
}

/** s3rver (as src/server/test/s3-server.ts runs it in-process) in a Node process of its own, one bucket. */
export async function startS3Process(bucket = 'tabi-test'): Promise<ServiceProcess & Pick<TestS3, 'env' | 'settings'>> {
  const s3 = await service('s3', (port, dir) => {
    const script = `import S3rver from 's3rver';
await new S3rver({ port: ${port}, address: '127.0.0.1', silent: true, directory: ${JSON.stringify(dir)}, configureBuckets: [{ name: ${JSON.stringify(bucket)}, configs: [] }] }).run();`;
    return spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
  });
  return { ...s3, ...s3rverSettings(`http://127.0.0.1:${s3.port}`, bucket) };
}
