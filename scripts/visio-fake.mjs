#!/usr/bin/env node
// The demo's and the e2e stack's video rooms: a loopback stand-in for the site's own Jitsi (JITSI_BASE_URL), so a
// professional with no meeting link of their own still takes video bookings there, and following a room link from a
// mail, the .ics or the appointment page lands on a page that says it is a simulation instead of a dead address.
//   node scripts/visio-fake.mjs <port>
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: node scripts/visio-fake.mjs <port>');
  process.exit(2);
}

const escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

createServer((request, response) => {
  const room =
    decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname.slice(1)) || '(aucune)';
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(`<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Salle de visioconférence (simulation)</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<p style="background:#fff3cd;padding:.75rem;border-radius:6px"><strong>Simulation</strong> — aucune visioconférence n’a lieu ici.</p>
<h1>Salle ${escapeHtml(room)}</h1>
<p>En production, ce lien ouvre la salle Jitsi du site (JITSI_BASE_URL), celle que le professionnel a choisie
(Google Meet, Microsoft Teams) ou son propre lien de réunion.</p>
</body></html>`);
}).listen(port, '127.0.0.1', () => console.log(`visio simulation on http://localhost:${port}/`));
