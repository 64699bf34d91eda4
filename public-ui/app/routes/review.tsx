import { Form, useNavigation } from 'react-router';
import { MESSAGES_FR } from '@rdv/sectors';
import type { Route } from './+types/review';
import { callApi } from '../lib/attendee-session.server';
import { dateAtTime } from '../lib/dates';
import { pageMeta } from '../lib/seo';

const RATINGS = [5, 4, 3, 2, 1] as const;
const RATING_WORDS: Record<number, string> = {
  1: 'Décevant',
  2: 'Moyen',
  3: 'Bien',
  4: 'Très bien',
  5: 'Excellent',
};

/** `/avis?token=`: the link mailed to a client after a meeting; its signed token is the authority. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) return { token, invitation: null, unavailable: false };
  const answer = await callApi(request, (api) =>
    api.GET('/api/v1/reviews/invitation', { params: { query: { token } } }),
  );
  if (answer.ok) return { token, invitation: answer.body, unavailable: false };
  return { token, invitation: null, unavailable: answer.status >= 500 };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Votre avis',
    description: 'Donnez votre avis sur votre rendez-vous.',
    noindex: true,
  });
}

type ActionResult =
  { ok: true; message: string } | { ok: false; error: string; values: Record<string, string> };

/** Works without JavaScript: a plain form POST to this page, forwarded to the API. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const value = (name: string) => String(form.get(name) ?? '').trim();
  const values = { rating: value('rating'), comment: value('comment'), author_name: value('author_name') };
  const token = new URL(request.url).searchParams.get('token') ?? value('token');
  if (!values.rating)
    return { ok: false, error: 'Choisissez une note de 1 à 5 étoiles', values } satisfies ActionResult;
  const answer = await callApi(request, (api) =>
    api.POST('/api/v1/reviews/invitation', {
      body: {
        token,
        rating: Number(values.rating),
        comment: values.comment || null,
        author_name: values.author_name,
      },
    }),
  );
  if (answer.ok) return { ok: true, message: answer.body.message } satisfies ActionResult;
  return { ok: false, error: answer.message ?? MESSAGES_FR.unexpectedError, values } satisfies ActionResult;
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation, unavailable, token } = loaderData;
  const result = actionData as ActionResult | undefined;
  const submitting = useNavigation().state === 'submitting';
  const values = result && !result.ok ? result.values : undefined;

  if (!invitation) {
    return (
      <div className="container page page--narrow">
        <h1>Votre avis</h1>
        <p className="notice notice--error" role="alert">
          {unavailable
            ? 'Le service est momentanément indisponible. Réessayez dans quelques minutes.'
            : 'Ce lien d’avis est invalide ou a expiré.'}
        </p>
      </div>
    );
  }
  return (
    <div className="container page page--narrow">
      <h1>Votre avis sur votre rendez-vous avec {invitation.professional_name}</h1>
      <p className="page__lead">
        Rendez-vous du{' '}
        {dateAtTime(invitation.starts_at, invitation.timezone).replace(/^./, (c) => c.toLowerCase())}.
      </p>
      {result?.ok ? (
        <p className="notice notice--success" role="status">
          {result.message}
        </p>
      ) : invitation.already_reviewed ? (
        <p className="notice" role="status">
          Vous avez déjà donné votre avis sur ce rendez-vous. Merci !
        </p>
      ) : (
        <Form method="post" className="form card" aria-label="Votre avis">
          <input type="hidden" name="token" value={token} />
          {result && !result.ok ? (
            <p className="field__error" role="alert">
              {result.error}
            </p>
          ) : null}
          <fieldset className="rating-input">
            <legend>Votre note *</legend>
            {RATINGS.map((rating) => (
              <label key={rating} className="rating-input__choice">
                <input
                  type="radio"
                  name="rating"
                  value={rating}
                  required
                  defaultChecked={values?.rating === String(rating)}
                />
                <span aria-hidden="true">{'★'.repeat(rating)}</span> {RATING_WORDS[rating]}
                <span className="visually-hidden"> ({rating} sur 5)</span>
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor="review-comment">Votre avis (facultatif)</label>
            <textarea
              id="review-comment"
              name="comment"
              rows={5}
              maxLength={2000}
              defaultValue={values?.comment}
            />
          </div>
          <div className="field">
            <label htmlFor="review-author">Nom affiché *</label>
            <input
              id="review-author"
              name="author_name"
              type="text"
              required
              minLength={2}
              maxLength={80}
              defaultValue={values?.author_name ?? invitation.suggested_author_name}
            />
          </div>
          <p className="muted">Votre avis est relu avant d’être publié sur la page des avis.</p>
          <button type="submit" className="button button--primary" disabled={submitting}>
            {submitting ? 'Envoi…' : 'Publier mon avis'}
          </button>
        </Form>
      )}
    </div>
  );
}
