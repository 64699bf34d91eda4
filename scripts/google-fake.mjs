#!/usr/bin/env node
// The demo's and the e2e stack's Google: the loopback fake of Google's OAuth endpoints and Calendar API that the
// backend tests use (backend/test/support/google-fake.ts, run here through Node's type stripping). The API
// reaches it through GOOGLE_CALENDAR_AUTH_URL, GOOGLE_CALENDAR_TOKEN_URL and GOOGLE_CALENDAR_API_URL; its
// consent page says "Simulation — aucune donnée n'est envoyée à Google" (scripts/start-stack.sh).
//   node scripts/google-fake.mjs <port> [account]
// A visitor or a journey puts events in the account through its control API:
//   POST /_fake/events?calendar=<id>  {"id":"audience","summary":"Audience","start":{"dateTime":"..."},"end":{...}}
import { startGoogleFake } from '../backend/test/support/google-fake.ts';

const [port, account = 'avocat.demo@gmail.com'] = process.argv.slice(2);
if (!port) {
  console.error('usage: node scripts/google-fake.mjs <port> [account]');
  process.exit(2);
}
const fake = await startGoogleFake({
  account,
  calendars: [
    // The account's own calendar (its id is the address) is the primary one, as at Google.
    { id: account, summary: 'Agenda Google (simulation)', backgroundColor: '#1e88e5' },
    { id: 'jours-feries@group.v.calendar.google.com', summary: 'Jours fériés en France' },
  ],
  port: Number(port),
});
console.log(`google fake listening on ${fake.url} (account ${account})`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => fake.stop().then(() => process.exit(0)));
