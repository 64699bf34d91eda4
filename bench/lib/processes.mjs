import { readdirSync, readFileSync } from 'node:fs';

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

const TICKS_PER_SECOND = 100; // USER_HZ: what /proc/<pid>/stat counts in on Linux (sysconf CLK_TCK)

/** CPU time (user + system, ms) a process has used so far, from /proc; 0 once it has exited. */
export function cpuMs(pid) {
  try {
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU time (ms) used so far by every PostgreSQL process of the machine (the server, its backends and its
 * background workers: a booking's commit makes work for the WAL writer and the checkpointer too). Backends that
 * exited in between are not counted, so measure over spans where the pools keep their connections.
 */
export function postgresCpuMs() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuMs(entry);
    } catch {
      // the process ended while the list was read
    }
  }
  return total;
}

/** Busy CPU time (ms) of every core of the machine so far (user, nice, system, interrupts, steal: /proc/stat). */
export function machineCpuMs() {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return ((user + nice + system + irq + softirq + steal) * 1000) / TICKS_PER_SECOND;
}
