import { readFileSync } from 'node:fs';

// The benches' child processes: each one started goes into a set, so the bench can SIGKILL what is left on exit.

/**
 * SIGTERM, then SIGKILL after `graceMs` if the process is still there; resolves once it has exited and takes it
 * out of `children`.
 * @param {import('node:child_process').ChildProcess} child
 * @param {Set<import('node:child_process').ChildProcess>} children
 */
export async function stopChild(child, children, graceMs = 10_000) {
  if (child.exitCode !== null) return;
  await new Promise((done) => {
    child.once('exit', done);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
  });
  children.delete(child);
}

/** A child's resident memory (VmRSS from /proc, MB): what the kernel counts for it, garbage included. */
export function residentMb(child) {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}
