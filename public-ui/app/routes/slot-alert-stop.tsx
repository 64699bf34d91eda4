import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/slot-alert-stop';
import { callApi } from '../lib/attendee-session.server';
import { pageMeta } from '../lib/seo';

/** `/alertes/arreter?token=`: the link of an earlier-slot alert mail. The alert stops on a click, not on opening. */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Arrêter les alertes',
    description: 'Ne plus être prévenu(e) des créneaux libérés.',
    noindex: true,
  });
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string };

export async function action({ request }: Route.ActionArgs): Promise<ActionResult> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const answer = await callApi(request, (api) => api.POST('/api/v1/slot-alerts/cancel', { body: { token } }));
  if (answer.ok) return { ok: true, message: answer.body.message };
  return { ok: false, error: answer.message ?? 'Ce lien est invalide ou a expiré.' };
}

export default function SlotAlertStopPage({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === 'submitting';
  return (
    <div className="container page page--narrow">
      <h1>Arrêter les alertes</h1>
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
          <p>Vous ne serez plus prévenu(e) quand un créneau plus tôt se libère pour ce rendez-vous.</p>
          <button type="submit" className="button button--primary" disabled={submitting}>
            Arrêter les alertes
          </button>
        </Form>
      )}
    </div>
  );
}
