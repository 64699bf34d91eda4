// Waits until PostgreSQL and Redis accept TCP connections; exits 1 after the given number of seconds.
import net from 'node:net';

const seconds = Number(process.argv[2] ?? 10);
const targets = [
  ['PostgreSQL', process.env.PGHOST ?? '127.0.0.1', 5432],
  ['Redis', '127.0.0.1', 6379],
];
const reachable = (host, port) =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });

const deadline = Date.now() + seconds * 1000;
for (const [name, host, port] of targets) {
  while (!(await reachable(host, port))) {
    if (Date.now() > deadline) {
      console.error(`${name} is not reachable on ${host}:${port}`);
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
