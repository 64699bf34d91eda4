import { useState } from 'react';
import { Form } from 'react-router';
import { MESSAGES_FR } from '@rdv/sectors';
import { isEmail } from '../../lib/attendee';
import { checkBeforeSubmit, type Errors } from '../../lib/form-check';
import { FieldError, FormError } from './AuthFields';

export type EmailChangeActionResult =
  | { intent: 'changeEmail'; ok: true; message: string }
  | { intent: 'changeEmail'; ok: false; errors: Errors; formError?: string; newEmail: string };

/** The fields of "Changer d’adresse email", checked the same way in the browser and in the action. */
export function validateEmailChange(form: FormData, currentEmail: string): Errors {
  const email = String(form.get('new_email') ?? '')
    .trim()
    .toLowerCase();
  const errors: Errors = {};
  if (!isEmail(email)) errors.new_email = MESSAGES_FR.invalidEmail;
  else if (email === currentEmail.toLowerCase()) errors.new_email = 'C’est déjà votre adresse de connexion';
  if (!String(form.get('current_password') ?? ''))
    errors.current_password = 'Le mot de passe actuel est obligatoire';
  return errors;
}

/**
 * /participant/profil: the client moves their sign-in address. The current password proves it is them; the API
 * mails a link to the new address (and a notice to the current one), and nothing changes until it is opened at
 * /participant/confirmer-email.
 */
export function EmailChangeSection({
  currentEmail,
  result,
  busy,
}: {
  currentEmail: string;
  result?: EmailChangeActionResult;
  busy?: boolean;
}) {
  const [clientErrors, setClientErrors] = useState<Errors>();
  const failed = result && !result.ok ? result : undefined;
  const errors = clientErrors ?? failed?.errors ?? {};
  const invalid = (name: string) => ({
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': errors[name] ? `email-change-${name}-error` : undefined,
  });
  return (
    <section className="card" aria-labelledby="email-change-title" id="changer-email">
      <h2 id="email-change-title">Changer d’adresse email</h2>
      <p>
        Vous vous connectez avec <strong>{currentEmail}</strong>. Un lien de confirmation sera envoyé à la
        nouvelle adresse : elle ne remplacera l’actuelle qu’une fois ce lien ouvert.
      </p>
      {result?.ok ? (
        <p className="notice notice--success" role="status">
          {result.message}
        </p>
      ) : (
        <Form
          method="post"
          className="form"
          noValidate
          onSubmit={(e) => checkBeforeSubmit(e, (f) => validateEmailChange(f, currentEmail), setClientErrors)}
        >
          <input type="hidden" name="intent" value="changeEmail" />
          <FormError message={failed?.formError} />
          <div className="field">
            <label htmlFor="email-change-new_email">Nouvelle adresse email</label>
            <input
              id="email-change-new_email"
              name="new_email"
              type="email"
              autoComplete="email"
              maxLength={254}
              required
              defaultValue={failed?.newEmail ?? ''}
              {...invalid('new_email')}
            />
            <FieldError id="email-change-new_email-error" message={errors.new_email} />
          </div>
          <div className="field">
            <label htmlFor="email-change-current_password">Mot de passe actuel</label>
            <input
              id="email-change-current_password"
              name="current_password"
              type="password"
              autoComplete="current-password"
              required
              {...invalid('current_password')}
            />
            <FieldError id="email-change-current_password-error" message={errors.current_password} />
          </div>
          <button type="submit" className="button button--secondary" disabled={busy}>
            {busy ? 'Envoi…' : 'Recevoir le lien de confirmation'}
          </button>
        </Form>
      )}
    </section>
  );
}
