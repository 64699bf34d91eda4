/**
 * The Connect part of the Stripe fake (stripe-fake.ts): connected accounts (`POST /v1/accounts`), Account Links
 * for the hosted onboarding, the simulated onboarding page itself (labelled "Simulation": it completes the
 * account and sends `account.updated`, then redirects to the return URL as Stripe's does) and the payouts of a
 * connected account (`GET /v1/payouts` with the `Stripe-Account` header). No money is moved.
 *
 * Erasable TypeScript only (run by Node's type stripping in the demo, like stripe-fake.ts).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe's JSON objects, as loosely typed as the wire
type Obj = Record<string, any>;
type Answer = readonly [number, Obj];

export interface ConnectFakeContext {
  id(prefix: string): string;
  now(): number;
  emit(type: string, object: Obj, previous?: Obj, account?: string): Obj;
  baseUrl(): string;
  accounts: Map<string, Obj>;
  invalid(message: string, param?: string): Answer;
  notFound(kind: string, key: string): Answer;
}

/** What the demo's simulated provider knows from the start (its ids match the demo seed's rows). */
export interface ConnectSeed {
  accounts?: { id: string; email?: string; metadata?: Obj }[];
  payouts?: { account: string; id: string; amount: number; daysAgo: number; status: string }[];
}

export interface ConnectFake {
  route(method: string, parts: string[], params: Obj, account: string | undefined): Answer | undefined;
  /** GET / POST of the simulated onboarding page; undefined when the path is not one. */
  page(method: string, pathname: string): { status: number; html?: string; location?: string } | undefined;
  /** Completes an account's onboarding as the page's form does (charges and payouts enabled). */
  completeOnboarding(accountId: string): Obj;
  /** Pays out to a connected account (test helper and demo seed). */
  addPayout(
    accountId: string,
    payout: { amount: number; arrivalDate: number; status?: string; id?: string },
  ): Obj;
  payouts: Obj[];
  /** How many pages of `GET /v1/payouts` were answered (a reader that follows the cursor asks several). */
  payoutPagesServed(): number;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export function connectFake(ctx: ConnectFakeContext): ConnectFake {
  const { id, now, emit } = ctx;
  const links = new Map<string, Obj>();
  const payouts: Obj[] = [];
  let pagesServed = 0;

  function newAccount(params: Obj, accountId?: string): Obj {
    const account: Obj = {
      id: accountId ?? id('acct'),
      object: 'account',
      type: params.type ?? 'express',
      country: params.country ?? 'FR',
      email: params.email ?? null,
      created: now(),
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      requirements: { currently_due: ['external_account', 'individual.verification.document'] },
      metadata: params.metadata ?? {},
    };
    ctx.accounts.set(account.id, account);
    return account;
  }

  function completeOnboarding(accountId: string): Obj {
    const account = ctx.accounts.get(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    const previous = { charges_enabled: account.charges_enabled, payouts_enabled: account.payouts_enabled };
    Object.assign(account, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { card_payments: 'active', transfers: 'active' },
      requirements: { currently_due: [] },
    });
    // Connect events carry the connected account's id, as Stripe's do.
    emit('account.updated', account, previous, account.id);
    return account;
  }

  function addPayout(
    accountId: string,
    payout: { amount: number; arrivalDate: number; status?: string; id?: string },
  ): Obj {
    const object = {
      id: payout.id ?? id('po'),
      object: 'payout',
      amount: payout.amount,
      currency: 'eur',
      arrival_date: payout.arrivalDate,
      created: payout.arrivalDate - 2 * 86_400,
      status: payout.status ?? 'paid',
      method: 'standard',
      type: 'bank_account',
      account: accountId,
    };
    payouts.push(object);
    return object;
  }

  function route(
    method: string,
    parts: string[],
    params: Obj,
    account: string | undefined,
  ): Answer | undefined {
    const [resource, key] = parts;
    if (resource === 'accounts' && method === 'POST' && !key) {
      if (params.type && !['express', 'standard', 'custom'].includes(params.type))
        return ctx.invalid('Invalid type: must be one of custom, express, or standard', 'type');
      return [200, newAccount(params)];
    }
    if (resource === 'accounts' && method === 'GET' && key) {
      const found = ctx.accounts.get(key);
      return found ? [200, found] : ctx.notFound('account', key);
    }
    if (resource === 'account_links' && method === 'POST') {
      if (!ctx.accounts.has(String(params.account ?? '')))
        return ctx.notFound('account', String(params.account));
      if (params.type !== 'account_onboarding' && params.type !== 'account_update')
        return ctx.invalid('Invalid type', 'type');
      for (const field of ['refresh_url', 'return_url'])
        if (!params[field]) return ctx.invalid(`Missing required param: ${field}.`, field);
      const token = id('link');
      const link = {
        object: 'account_link',
        created: now(),
        expires_at: now() + 300,
        url: `${ctx.baseUrl()}/connect/onboarding/${token}`,
      };
      links.set(token, { ...params, expires_at: link.expires_at });
      return [200, link];
    }
    if (resource === 'payouts' && method === 'GET' && !key) {
      if (!account) return ctx.invalid('Payouts are listed with the Stripe-Account header in this fake');
      if (!ctx.accounts.has(account)) return ctx.notFound('account', account);
      // Stripe's list: newest first, at most `limit` (1–100) a page, `has_more` and the cursor
      // `starting_after` (the last id of the previous page) for the next; `arrival_date[gte|lt]` filters.
      const limit = Math.min(Number(params.limit ?? 10), 100);
      const range = (params.arrival_date ?? {}) as Obj;
      const all = payouts
        .filter((p) => p.account === account)
        .filter((p) => range.gte === undefined || p.arrival_date >= Number(range.gte))
        .filter((p) => range.gt === undefined || p.arrival_date > Number(range.gt))
        .filter((p) => range.lt === undefined || p.arrival_date < Number(range.lt))
        .filter((p) => range.lte === undefined || p.arrival_date <= Number(range.lte))
        .sort((a, b) => b.arrival_date - a.arrival_date || (a.id < b.id ? 1 : -1));
      let start = 0;
      if (params.starting_after !== undefined) {
        const at = all.findIndex((p) => p.id === params.starting_after);
        if (at < 0) return ctx.invalid(`No such payout: '${params.starting_after}'`, 'starting_after');
        start = at + 1;
      }
      const data = all.slice(start, start + limit).map(({ account: _account, ...payout }) => payout);
      pagesServed += 1;
      return [200, { object: 'list', data, has_more: start + limit < all.length, url: '/v1/payouts' }];
    }
    return undefined;
  }

  function page(
    method: string,
    pathname: string,
  ): { status: number; html?: string; location?: string } | undefined {
    const match = /^\/connect\/onboarding\/(\w+)$/.exec(pathname);
    if (!match) return undefined;
    const link = links.get(match[1]);
    if (!link) return { status: 404, html: '<p>Lien d’inscription inconnu</p>' };
    // An expired link sends back to refresh_url, where the platform makes a new one.
    if (link.expires_at < now()) return { status: 303, location: link.refresh_url };
    const account = ctx.accounts.get(link.account)!;
    if (method === 'POST') {
      completeOnboarding(account.id);
      links.delete(match[1]);
      return { status: 303, location: link.return_url };
    }
    return {
      status: 200,
      html: `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Simulation — compte Stripe Connect</title>
<style>body{font-family:Arial,sans-serif;max-width:520px;margin:32px auto;padding:0 16px}.banner{background:#fff3cd;border:1px solid #e0b400;padding:12px;border-radius:6px}button{padding:10px 16px;margin-top:12px}</style></head>
<body><p class="banner" role="note"><strong>Simulation</strong> : cette page imite l’inscription hébergée de Stripe Connect pour les démonstrations et les tests ; aucune pièce n’est demandée, aucun compte réel n’est ouvert.</p>
<h1>Simulation d’ouverture de compte de paiement</h1>
<p>Compte ${escapeHtml(account.id)}${account.email ? ` (${escapeHtml(account.email)})` : ''}.</p>
<p>Chez Stripe, vous indiqueriez ici votre identité et le compte bancaire qui reçoit les virements.</p>
<form method="post" action="/connect/onboarding/${match[1]}"><button type="submit">Terminer l’inscription (simulation)</button></form>
<p><a href="${escapeHtml(String(link.refresh_url))}">Revenir plus tard</a></p></body></html>`,
    };
  }

  return {
    route,
    page,
    completeOnboarding,
    addPayout,
    payouts,
    payoutPagesServed: () => pagesServed,
  };
}

/** Loads a seed (accounts already onboarded, their payouts) into a fake's Connect part. */
export function seedConnect(
  fake: ConnectFake,
  ctx: Pick<ConnectFakeContext, 'accounts' | 'now'>,
  seed: ConnectSeed,
): void {
  for (const account of seed.accounts ?? []) {
    ctx.accounts.set(account.id, {
      id: account.id,
      object: 'account',
      type: 'express',
      country: 'FR',
      email: account.email ?? null,
      created: ctx.now(),
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { card_payments: 'active', transfers: 'active' },
      requirements: { currently_due: [] },
      metadata: account.metadata ?? {},
    });
  }
  for (const payout of seed.payouts ?? [])
    fake.addPayout(payout.account, {
      id: payout.id,
      amount: payout.amount,
      arrivalDate: ctx.now() - payout.daysAgo * 86_400,
      status: payout.status,
    });
}
