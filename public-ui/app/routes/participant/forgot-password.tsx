import { useState } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { MESSAGES_FR } from '@rdv/sectors';
import type { Route } from './+types/forgot-password';
import { callApi } from '../../lib/attendee-session.server';
import { isEmail } from '../../lib/attendee';
import { checkBeforeSubmit, type Errors } from '../../lib/form-check';
import { pageMeta } from '../../lib/seo';
import { FieldError, FormError } from '../../components/attendee/AuthFields';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Mot de passe oublié',
    description: 'Recevez par email un lien pour choisir un nouveau mot de passe.',
    noindex: true,
  });
}

type ActionResult = { sent: true } | { sent: false; errors: Errors; formError?: string; email: string };

const validate = (form: FormData): Errors =>
  isEmail(String(form.get('email') ?? '').trim()) ? {} : { email: MESSAGES_FR.invalidEmail };

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get('email') ?? '')
    .trim()
    .toLowerCase();
  const errors = validate(form);
  if (errors.email) return data<ActionResult>({ sent: false, errors, email }, { status: 400 });
  const answer = await callApi(request, (api) =>
    api.POST('/api/v1/auth/{kind}/forgot-password', {
      params: { path: { kind: 'attendee' } },
      body: { email },
    }),
  );
  // The API answers the same whether the account exists or not (no enumeration).
  if (answer.ok) return { sent: true } satisfies ActionResult;
  return data<ActionResult>(
    { sent: false, errors: {}, formError: answer.message, email },
    { status: answer.status === 429 ? 429 : 400 },
  );
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Errors>();
  const result = actionData as ActionResult | undefined;
  const failed = result && !result.sent ? result : undefined;
  const errors = clientErrors ?? failed?.errors ?? {};
  return (
    <div className="container page page--narrow">
      <Link to="/participant/connexion" className="back-link">
        <span aria-hidden="true">← </span>Connexion
      </Link>
      <h1>Mot de passe oublié</h1>
      <section className="card" aria-labelledby="forgot-title">
        <h2 id="forgot-title" className="visually-hidden">
          Recevoir un lien de réinitialisation
        </h2>
        {result?.sent ? (
          <p className="notice notice--success" role="status">
            {MESSAGES_FR.passwordResetMailSent}
          </p>
        ) : (
          <Form
            method="post"
            className="form"
            noValidate
            onSubmit={(e) => checkBeforeSubmit(e, validate, setClientErrors)}
          >
            <p className="form__hint">
              Indiquez l’email de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de
              passe.
            </p>
            <FormError message={failed?.formError} />
            <div className="field">
              <label htmlFor="forgot-email">Email</label>
              <input
                id="forgot-email"
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                defaultValue={failed?.email}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? 'forgot-email-error' : undefined}
              />
              <FieldError id="forgot-email-error" message={errors.email} />
            </div>
            <button
              type="submit"
              className="button button--primary"
              disabled={navigation.state === 'submitting'}
            >
              {navigation.state === 'submitting' ? 'Envoi…' : 'Recevoir le lien'}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
