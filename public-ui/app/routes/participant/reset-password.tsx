import { useState } from 'react';
import { data, Form, Link, useNavigation, useSearchParams } from 'react-router';
import { MESSAGES_FR } from '@rdv/sectors';
import type { Route } from './+types/reset-password';
import { callApi } from '../../lib/attendee-session.server';
import { PASSWORD_MIN_LENGTH } from '@rdv/sectors';
import { checkBeforeSubmit, type Errors } from '../../lib/form-check';
import { pageMeta } from '../../lib/seo';
import { FieldError, FormError } from '../../components/attendee/AuthFields';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Nouveau mot de passe',
    description: 'Choisissez un nouveau mot de passe pour votre compte.',
    noindex: true,
  });
}

type ActionResult = { changed: true } | { changed: false; errors: Errors; formError?: string };

function validate(form: FormData): Errors {
  const password = String(form.get('password') ?? '');
  const confirmation = String(form.get('password_confirmation') ?? '');
  const errors: Errors = {};
  if (password.length < PASSWORD_MIN_LENGTH)
    errors.password = `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`;
  if (password !== confirmation) errors.password_confirmation = MESSAGES_FR.passwordsDiffer;
  return errors;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const errors = validate(form);
  if (Object.keys(errors).length > 0) return data<ActionResult>({ changed: false, errors }, { status: 400 });
  const answer = await callApi(request, (api) =>
    api.POST('/api/v1/auth/{kind}/reset-password', {
      params: { path: { kind: 'attendee' } },
      body: {
        token: String(form.get('token') ?? ''),
        password: String(form.get('password') ?? ''),
        password_confirmation: String(form.get('password_confirmation') ?? ''),
      },
    }),
  );
  if (answer.ok) return { changed: true } satisfies ActionResult;
  return data<ActionResult>(
    { changed: false, errors: {}, formError: answer.message },
    { status: answer.status === 429 ? 429 : 400 },
  );
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Errors>();
  const token = params.get('token') ?? '';
  const result = actionData as ActionResult | undefined;
  const failed = result && !result.changed ? result : undefined;
  const errors = clientErrors ?? failed?.errors ?? {};
  return (
    <div className="container page page--narrow">
      <h1>Nouveau mot de passe</h1>
      <section className="card">
        {result?.changed ? (
          <>
            <p className="notice notice--success" role="status">
              {MESSAGES_FR.passwordChanged}
            </p>
            <p className="form__actions">
              <Link to="/participant/connexion" className="button button--primary">
                Se connecter
              </Link>
            </p>
          </>
        ) : !token ? (
          <p className="notice notice--error" role="alert">
            Ce lien de réinitialisation est incomplet. Utilisez le lien reçu par email ou{' '}
            <Link to="/participant/mot-de-passe-oublie">demandez-en un nouveau</Link>.
          </p>
        ) : (
          <Form
            method="post"
            className="form"
            noValidate
            onSubmit={(e) => checkBeforeSubmit(e, validate, setClientErrors)}
          >
            <input type="hidden" name="token" value={token} />
            <FormError message={failed?.formError} />
            <div className="field">
              <label htmlFor="reset-password">Nouveau mot de passe</label>
              <input
                id="reset-password"
                name="password"
                type="password"
                autoComplete="new-password"
                minLength={PASSWORD_MIN_LENGTH}
                required
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={`reset-password-hint${errors.password ? ' reset-password-error' : ''}`}
              />
              <p id="reset-password-hint" className="field__hint">
                Au moins {PASSWORD_MIN_LENGTH} caractères.
              </p>
              <FieldError id="reset-password-error" message={errors.password} />
            </div>
            <div className="field">
              <label htmlFor="reset-password_confirmation">Confirmation du mot de passe</label>
              <input
                id="reset-password_confirmation"
                name="password_confirmation"
                type="password"
                autoComplete="new-password"
                required
                aria-invalid={errors.password_confirmation ? true : undefined}
                aria-describedby={
                  errors.password_confirmation ? 'reset-password_confirmation-error' : undefined
                }
              />
              <FieldError id="reset-password_confirmation-error" message={errors.password_confirmation} />
            </div>
            <button
              type="submit"
              className="button button--primary"
              disabled={navigation.state === 'submitting'}
            >
              {navigation.state === 'submitting' ? 'Enregistrement…' : 'Enregistrer le mot de passe'}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
