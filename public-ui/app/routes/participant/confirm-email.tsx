import { data, Form, Link, useNavigation, useSearchParams } from 'react-router';
import { MESSAGES_FR } from '@rdv/sectors';
import type { Route } from './+types/confirm-email';
import { callApi, clearAttendeeCookie } from '../../lib/attendee-session.server';
import { pageMeta } from '../../lib/seo';

export const INCOMPLETE_EMAIL_LINK_MESSAGE =
  'Ce lien de confirmation est incomplet. Utilisez le lien reçu par email ou refaites la demande depuis votre profil.';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Confirmer ma nouvelle adresse email',
    description: 'Confirmer la nouvelle adresse de connexion de votre compte.',
    noindex: true,
  });
}

type ActionResult = { ok: true; message: string; email: string } | { ok: false; error: string };

/**
 * `/participant/confirmer-email?token=`: the link mailed to a client's new address. The change is made by a
 * click, not by opening the page (a mail scanner following links must not use it up). No session is needed;
 * every session the client had ends with the change, this browser's included.
 */
export async function action({ request }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) return data<ActionResult>({ ok: false, error: INCOMPLETE_EMAIL_LINK_MESSAGE }, { status: 400 });
  const answer = await callApi(request, (api) =>
    api.POST('/api/v1/auth/attendee/confirm-email', { body: { token } }),
  );
  if (answer.ok)
    return data<ActionResult>(
      { ok: true, message: answer.body.message, email: answer.body.email },
      { headers: { 'set-cookie': clearAttendeeCookie(request) } },
    );
  return data<ActionResult>(
    { ok: false, error: answer.message ?? MESSAGES_FR.unexpectedError },
    { status: answer.status === 429 ? 429 : 400 },
  );
}

export default function ConfirmEmailPage({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const submitting = useNavigation().state === 'submitting';
  const result = actionData as ActionResult | undefined;
  const token = params.get('token') ?? '';
  return (
    <div className="container page page--narrow">
      <h1>Confirmer ma nouvelle adresse email</h1>
      <section className="card">
        {result?.ok ? (
          <>
            <p className="notice notice--success" role="status">
              {result.message}
            </p>
            <p className="form__actions">
              <Link to="/participant/connexion" className="button button--primary">
                Se connecter avec {result.email}
              </Link>
            </p>
          </>
        ) : !token ? (
          <p className="notice notice--error" role="alert">
            {INCOMPLETE_EMAIL_LINK_MESSAGE}
          </p>
        ) : (
          <Form method="post" className="form">
            {result && !result.ok ? (
              <p className="notice notice--error" role="alert">
                {result.error}
              </p>
            ) : null}
            <p>
              Votre adresse de connexion sera remplacée par celle qui a reçu ce lien ; vous devrez ensuite
              vous reconnecter.
            </p>
            <button type="submit" className="button button--primary" disabled={submitting}>
              Confirmer ma nouvelle adresse
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
