import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/slot-alert-confirm';
import { callApi } from '../lib/attendee-session.server';
import { pageMeta } from '../lib/seo';

/**
 * `/alertes/confirmer?token=`: the link of the mail that asks an address to confirm an earlier-slot alert.
 * Confirmed on a click, not on opening: a mail scanner that follows links confirms nothing.
 */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Confirmer l’alerte',
    description: 'Confirmer l’alerte créneau demandée avec votre adresse.',
    noindex: true,
  });
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string };

export async function action({ request }: Route.ActionArgs): Promise<ActionResult> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const answer = await callApi(request, (api) =>
    api.POST('/api/v1/slot-alerts/confirm', { body: { token } }),
  );
  if (answer.ok) return { ok: true, message: answer.body.message };
  return { ok: false, error: answer.message ?? 'Ce lien est invalide ou a expiré.' };
}

export default function SlotAlertConfirmPage({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === 'submitting';
  return (
    <div className="container page page--narrow">
      <h1>Confirmer l’alerte</h1>
      {actionData?.ok ? (
        <p className="notice notice--success" role="status">
          {actionData.message}
        </p>
      ) : (
        <Form method="post" className="card form">
          {actionData && !actionData.ok ? (
            <p className="field__error" role="alert">
              {actionData.error}
            </p>
          ) : null}
          <p>
            Vous serez prévenu(e) par email, une fois par jour au plus, quand un créneau plus tôt se libère
            pour ce rendez-vous.
          </p>
          <button type="submit" className="button button--primary" disabled={submitting}>
            Confirmer l’alerte
          </button>
        </Form>
      )}
    </div>
  );
}
