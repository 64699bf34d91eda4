import { useState, type FormEvent } from 'react';
import { MESSAGES_FR } from '@rdv/sectors';
import { readSignIn, readSignUp, validateSignIn, validateSignUp, type Attendee } from '../../../lib/attendee';
import { FormError, SignInFields, SignUpFields } from '../../attendee/AuthFields';
import { BookingError, type BookingClient } from '../booking-client';
import { StepShell } from './StepShell';
import type { HeadingRef } from './wizard';

// ---- step 2: identification --------------------------------------------------------------------------------

export function IdentificationStep({
  headingRef,
  client,
  onBack,
  onDone,
}: {
  headingRef: HeadingRef;
  client: BookingClient;
  onBack: () => void;
  onDone: (attendee: Attendee) => void;
}) {
  const [mode, setMode] = useState<'signIn' | 'signUp'>('signIn');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  /** The email typed so far, kept when switching between the two forms. */
  const [email, setEmail] = useState('');
  const [noAccount, setNoAccount] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const found = mode === 'signIn' ? validateSignIn(readSignIn(data)) : validateSignUp(readSignUp(data));
    setErrors(found);
    setFormError(undefined);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    setNoAccount(false);
    setEmail(String(data.get('email') ?? '').trim());
    try {
      const who =
        mode === 'signIn' ? await client.signIn(readSignIn(data)) : await client.signUp(readSignUp(data));
      onDone(who);
    } catch (error) {
      const e =
        error instanceof BookingError ? error : new BookingError(0, 'ERROR', MESSAGES_FR.unexpectedError);
      if (e.code === 'EMAIL_ALREADY_EXISTS') {
        // Already a client: the sign-in form, with the email filled in.
        setMode('signIn');
        setErrors({});
        setFormError(`${e.message}. Connectez-vous avec votre mot de passe.`);
      } else if (Object.keys(e.errors).length > 0) setErrors(e.errors);
      else {
        setFormError(e.message);
        setNoAccount(e.code === 'ACCOUNT_NOT_EXIST');
      }
    } finally {
      setBusy(false);
    }
  };

  const switchTo = (next: 'signIn' | 'signUp') => {
    setMode(next);
    setErrors({});
    setFormError(undefined);
    setNoAccount(false);
  };

  return (
    <StepShell headingRef={headingRef} title="Identifiez-vous" onBack={onBack}>
      <div className="segmented" role="group" aria-label="Vous avez déjà un compte ?">
        <button type="button" aria-pressed={mode === 'signIn'} onClick={() => switchTo('signIn')}>
          Déjà inscrit
        </button>
        <button type="button" aria-pressed={mode === 'signUp'} onClick={() => switchTo('signUp')}>
          Nouveau compte
        </button>
      </div>
      <form key={mode} className="form" onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={formError} />
        {noAccount && (
          <button type="button" className="link-button" onClick={() => switchTo('signUp')}>
            Créer un compte avec cet email
          </button>
        )}
        {mode === 'signIn' ? (
          <SignInFields
            prefix="bd-signin"
            values={{ email }}
            errors={errors}
            forgotLink={
              <a href="/participant/mot-de-passe-oublie" target="_blank" rel="noopener">
                Mot de passe oublié ? <span className="visually-hidden">(nouvel onglet)</span>
              </a>
            }
          />
        ) : (
          <SignUpFields prefix="bd-signup" errors={errors} values={{ email }} />
        )}
        <div className="bd__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Un instant…' : mode === 'signIn' ? 'Se connecter' : 'Créer mon compte'}
          </button>
        </div>
      </form>
    </StepShell>
  );
}
