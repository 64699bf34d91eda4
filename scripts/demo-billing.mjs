#!/usr/bin/env node
// The demo lawyer's subscription, played through the API and the Stripe fake (scripts/stripe-fake.mjs) once the
// stack is up: subscribed about two and a half months ago by SEPA debit (introductory price), three paid invoices
// and one failed debit that Stripe retried successfully. Also fills the console's company settings (the issuer
// printed on invoices) when they are empty.
//   node scripts/demo-billing.mjs <apiUrl> <stripeFakeUrl>
const [apiUrl, fakeUrl] = process.argv.slice(2);
const DEMO_LAWYER = { username: 'avocat.demo', password: 'DemoAvocat2026!' };
const DEMO_ADMIN = { email: 'admin@demo.rdv-avocat.fr', password: 'DemoAdmin2026!' };
const DAY = 86_400;
const COMPANY = {
  name: 'RDV Avocat SAS',
  legalForm: 'SAS',
  capital: '10 000 €',
  siren: '912345675',
  siret: '91234567500017',
  rcs: 'RCS Lyon 912 345 675',
  vatNumber: 'FR65912345675',
  street: '10 place Bellecour',
  postalCode: '69002',
  city: 'Lyon',
  email: 'facturation@rdv-avocat.example',
};

async function call(base, method, pathName, token, body) {
  const response = await fetch(`${base}${pathName}`, {
    method,
    // A JSON content type only with a body: the API refuses an empty JSON body.
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const answer = await response.json().catch(() => null);
  if (response.status >= 400)
    throw new Error(`${method} ${pathName}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}
const api = (method, pathName, token, body) => call(apiUrl, method, `/api/v1${pathName}`, token, body);
const fake = (pathName) => call(fakeUrl, 'POST', pathName);

const admin = await api('POST', '/auth/admin/login', undefined, DEMO_ADMIN);
const company = await api('GET', '/admin/billing/company', admin.token);
if (!company.siren) await api('PUT', '/admin/billing/company', admin.token, COMPANY);

const { token, user } = await api('POST', '/login', undefined, DEMO_LAWYER);
const billing = () => api('GET', `/users/${user._id}/billing`, token);
if ((await billing()).subscription) {
  console.log('::: the demo lawyer already has a subscription');
  process.exit(0);
}
await api('PUT', `/users/${user._id}/billing/profile`, token, {
  firmName: 'Cabinet Demo Avocat',
  siren: '823456785',
  street: '12 rue de la République',
  postalCode: '69002',
  city: 'Lyon',
});
await fake(`/_fake/rewind?seconds=${75 * DAY}`);
const { url } = await api('POST', `/users/${user._id}/billing/checkout`, token);
const form = new URLSearchParams({
  type: 'sepa_debit',
  name: 'Avocat Démo',
  number: 'FR1420041010050500013M02606',
});
await fetch(url, { method: 'POST', body: form, redirect: 'manual' });

/** Waits (a minute at most) until the worker has applied the webhooks so far: the next step builds on them. */
async function until(what, ready) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const now = await billing();
    if (ready(now)) return now;
    if (Date.now() > deadline)
      throw new Error(`the demo subscription did not reach "${what}" within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
// The two-phase schedule is made when the worker applies checkout.session.completed, from the subscription's
// current period: the clock must not move before, or the introductory phase would start a month late.
await until(
  'first invoice and schedule',
  (now) => now.invoices.length === 1 && now.subscription?.introEndsAt,
);
const state = await (await fetch(`${fakeUrl}/_fake/state`)).json();
const subscription = state.subscriptions.find((s) => s.metadata.user_id === user._id);
const paymentMethod = subscription.default_payment_method;
// Second month paid; the third month's debit fails, Stripe retries three days later and it goes through.
await fake(`/_fake/advance?seconds=${subscription.items.data[0].current_period_end - state.now + 60}`);
await until('second invoice', (now) => now.invoices.length === 2);
await fake(`/_fake/payment_methods/${paymentMethod}/fails?on=true`);
await fake(`/_fake/advance?seconds=${31 * DAY}`);
await until('failed debit', (now) => now.subscription?.status === 'past_due');
await fake(`/_fake/payment_methods/${paymentMethod}/fails?on=false`);
await fake(`/_fake/advance?seconds=${4 * DAY}`);
const done = await until(
  'retried debit paid',
  (now) => now.invoices.length === 3 && now.subscription?.status === 'active',
);
console.log(
  `::: demo subscription ready: ${done.invoices.length} invoices, next debit ${done.subscription.nextDebitAt}`,
);
// The fake's clock ends about ten days behind the real one (75 days rewound, 65 played): bring it back to today,
// so a visitor who subscribes now gets today's dates. The demo lawyer's next renewal is later than that.
const { now: fakeNow } = await (await fetch(`${fakeUrl}/_fake/state`)).json();
const behind = Math.floor(Date.now() / 1000) - fakeNow;
if (behind > 0) await fake(`/_fake/advance?seconds=${behind}`);
