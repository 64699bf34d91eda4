#!/usr/bin/env node
// The demo's and the e2e stack's Microsoft (Outlook.com and Office 365): the loopback fake of the identity
// platform and of Graph that the backend tests use (backend/test/support/microsoft-fake.ts, run here through
// Node's type stripping), over https with a throwaway certificate the API and worker trust through
// NODE_EXTRA_CA_CERTS (scripts/start-stack.sh). Its consent page says "Simulation — aucune donnée n'est
// envoyée à Microsoft".
//   node scripts/microsoft-fake.mjs <port> <certDir> [consentPort]
// consentPort: the consent page also over plain http there (MICROSOFT_CALENDAR_CONSENT_URL), for a browser
// that does not trust the throwaway certificate.
// A visitor or a journey puts events in the account through its control API (/_fake/events).
import { startMicrosoftFake } from '../backend/test/support/microsoft-fake.ts';

const [port, certDir, consentPort] = process.argv.slice(2);
if (!port || !certDir) {
  console.error('usage: node scripts/microsoft-fake.mjs <port> <certDir> [consentPort]');
  process.exit(2);
}
const fake = await startMicrosoftFake({
  account: 'avocat.demo@cabinet-e2e.onmicrosoft.com',
  calendars: [
    { id: 'AAMkAD-e2e-agenda', name: 'Calendrier Microsoft (simulation)', hexColor: '#0078d4' },
    { id: 'AAMkAD-e2e-feries', name: 'Jours fériés en France', hexColor: '' },
  ],
  clientId: process.env.MICROSOFT_CALENDAR_CLIENT_ID ?? 'e2e-client',
  clientSecret: process.env.MICROSOFT_CALENDAR_CLIENT_SECRET ?? 'e2e-secret',
  certDir,
  port: Number(port),
  consentPort: consentPort ? Number(consentPort) : undefined,
});
console.log(`microsoft fake listening on ${fake.url} (certificate ${fake.certPath})`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => fake.stop().then(() => process.exit(0)));
