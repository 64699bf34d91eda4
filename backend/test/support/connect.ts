import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { bearer, type TestProfessional, waitUntil } from './fixtures';
import type { StripeFake } from './stripe-fake';

/**
 * The professional enables online payments as in the product: "Mes paiements" starts the onboarding, the
 * professional completes the provider's (simulated) hosted page, which redirects back and sends
 * `account.updated`; answers the onboarding URL and the return URL the page redirected to.
 */
export async function onboardProfessional(
  app: NestFastifyApplication,
  fake: StripeFake,
  pro: TestProfessional,
): Promise<{ onboardingUrl: string; returnUrl: string; accountId: string }> {
  const started = await request(app.getHttpServer())
    .post(`/api/v1/users/${pro.id}/payments/account/onboarding`)
    .set(bearer(pro.token))
    .expect(200);
  const onboardingUrl = started.body.url as string;
  const page = await fetch(onboardingUrl);
  const html = await page.text();
  if (!html.includes('Simulation')) throw new Error('the onboarding page is not the labelled simulation');
  const action = /action="([^"]+)"/.exec(html)![1];
  const done = await fetch(new URL(action, onboardingUrl), { method: 'POST', redirect: 'manual' });
  const returnUrl = done.headers.get('location') ?? '';
  await fake.settle();
  await waitUntil(async () => {
    const account = await request(app.getHttpServer())
      .get(`/api/v1/users/${pro.id}/payments/account`)
      .set(bearer(pro.token));
    return account.body.chargesEnabled === true;
  }, 30_000);
  const accountId = [...fake.accounts.values()].find((a) => a.metadata?.user_id === pro.id)!.id as string;
  return { onboardingUrl, returnUrl, accountId };
}
