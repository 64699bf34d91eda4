#!/usr/bin/env node
// The demo's and the e2e stack's address base: the loopback simulation of the BAN search API (api-adresse) that
// the backend tests use (backend/test/support/ban-fake.ts, run here through Node's type stripping). The worker
// reaches it through GEOCODER_URL (with GEOCODER_SIMULATION=true); its points are made up near each commune's
// centre, and its answers say so.
//   node scripts/ban-fake.mjs <port>
import { startBanFake } from '../backend/test/support/ban-fake.ts';

const [port] = process.argv.slice(2);
if (!port) {
  console.error('usage: node scripts/ban-fake.mjs <port>');
  process.exit(2);
}
const fake = await startBanFake(Number(port));
console.log(`BAN simulation listening on ${fake.url}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => fake.stop().then(() => process.exit(0)));
