import { redirect } from 'react-router';
import type { Route } from './+types/payment-return';
import { callApi } from '../lib/attendee-session.server';
import { pageMeta } from '../lib/seo';

/**
 * `/paiement/retour?session_id=`: where the hosted payment page sends the client back. The payment is applied
 * at once (the provider's webhook may come later, or came first: the API applies it once either way), then the
 * client lands on their appointment. Idempotent, so a reload or a prefetch changes nothing.
 */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Paiement',
    description: 'Retour de la page de paiement.',
    noindex: true,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const session = new URL(request.url).searchParams.get('session_id') ?? '';
  const answer = await callApi(request, (api) =>
    api.POST('/api/v1/payments/checkout/{session}/return', { params: { path: { session } } }),
  );
  if (answer.ok) return redirect(`/appointments/${answer.body.refAppointment}`);
  return { error: answer.message ?? 'Ce paiement est introuvable.' };
}

export default function PaymentReturnPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container page page--narrow">
      <h1>Paiement</h1>
      <p className="notice notice--error" role="alert">
        {loaderData.error}
      </p>
      <p>
        <a href="/participant/rendez-vous">Voir mes rendez-vous</a>
      </p>
    </div>
  );
}
