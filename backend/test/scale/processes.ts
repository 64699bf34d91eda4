import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';
import { waitFor } from './servers';

export const REPO_ROOT = path.resolve(__dirname, '../../..');

/**
 * One process of the product (API, worker, gateway) started from its built entry with its own
 * environment, logs appended to a file. Started again after a kill with the same environment.
 */
export class ProductProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private log: WriteStream;
  private output = '';
  starts = 0;

  constructor(
    readonly name: string,
    private readonly entry: string,
    private readonly env: Record<string, string>,
    logDir: string,
    private readonly readyUrl?: string,
  ) {
    this.log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and waits until it is ready (its readiness URL answers 200, or the worker says so). */
  async start(): Promise<void> {
    this.starts += 1;
    this.output = '';
    const child = spawn(process.execPath, [path.join(REPO_ROOT, this.entry)], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const onData = (chunk: Buffer) => {
      this.output += chunk.toString();
      if (this.output.length > 200_000) this.output = this.output.slice(-100_000);
      this.log.write(chunk);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    await waitFor(
      `${this.name} to be ready`,
      async () => {
        if (!this.running) throw new Error(`${this.name} exited: ${this.output.slice(-2000)}`);
        if (this.readyUrl)
          return (await fetch(this.readyUrl, { signal: AbortSignal.timeout(1_000) })).status === 200;
        return this.output.includes('worker started');
      },
      60_000,
      200,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${this.output.slice(-3000)}`);
    });
  }

  /** Sends `signal` and waits for the process to exit. */
  async stop(signal: NodeJS.Signals): Promise<void> {
    this.signal(signal);
    await this.exited;
  }

  signal(signal: NodeJS.Signals): void {
    if (this.running) this.child!.kill(signal);
  }

  waitForExit(): Promise<void> {
    return this.exited;
  }

  async close(): Promise<void> {
    await this.stop('SIGKILL');
    await new Promise((resolve) => this.log.end(resolve));
  }
}
