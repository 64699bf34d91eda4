#!/usr/bin/env node
// The demo's and the e2e stack's Stripe: the loopback fake of the Stripe API that the backend tests use
// (backend/test/support/stripe-fake.ts, run here through Node's type stripping). The API reaches it through
// STRIPE_API_URL; its hosted checkout page ("Simulation") is what a visitor sees when subscribing.
//   node scripts/stripe-fake.mjs <port> <webhookUrl> [publicUrl]
// Secrets and price ids come from STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_INTRO and
// STRIPE_PRICE_STANDARD, the same variables the API reads. Control: POST /_fake/advance?seconds=N.
// STRIPE_FAKE_SEED names a JSON file of what the fake knows from the start (the demo: scripts/stripe-fake-demo-seed.json,
// whose ids match the demo seed's rows: the lawyer's connected account, the captured payment, two payouts).
import { readFileSync } from 'node:fs';
import { connectFake, seedConnect } from '../backend/test/support/stripe-fake-connect.ts';
import { paymentsFake } from '../backend/test/support/stripe-fake-payments.ts';
import { startStripeFake } from '../backend/test/support/stripe-fake.ts';

const [port, webhookUrl, publicUrl] = process.argv.slice(2);
if (!port || !webhookUrl) {
  console.error('usage: node scripts/stripe-fake.mjs <port> <webhookUrl> [publicUrl]');
  process.exit(2);
}
const env = (name) => {
  const value = process.env[name];
  if (!value) {
    console.error(`stripe fake: ${name} must be set`);
    process.exit(2);
  }
  return value;
};
const fake = await startStripeFake({
  secretKey: env('STRIPE_SECRET_KEY'),
  webhookSecret: env('STRIPE_WEBHOOK_SECRET'),
  webhookUrl,
  prices: [
    { id: env('STRIPE_PRICE_INTRO'), unitAmount: 6900, nickname: 'Abonnement — tarif de lancement' },
    { id: env('STRIPE_PRICE_STANDARD'), unitAmount: 13900, nickname: 'Abonnement' },
  ],
  port: Number(port),
  publicUrl,
  payments: paymentsFake,
  connect: connectFake,
  seedConnect,
  seed: process.env.STRIPE_FAKE_SEED
    ? JSON.parse(readFileSync(process.env.STRIPE_FAKE_SEED, 'utf8'))
    : undefined,
});
console.log(`stripe fake listening on ${fake.url}, webhooks to ${webhookUrl}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => fake.stop().then(() => process.exit(0)));
