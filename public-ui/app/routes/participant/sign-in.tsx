import { useState } from 'react';
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/sign-in';
import {
  attendeeCookie,
  callApi,
  currentAttendee,
  safeRedirectPath,
} from '../../lib/attendee-session.server';
import {
  fieldOfServerMessage,
  readSignIn,
  readSignUp,
  signUpPayload,
  validateSignIn,
  validateSignUp,
  type SignInValues,
  type SignUpValues,
} from '../../lib/attendee';
import { pageMeta } from '../../lib/seo';
import { checkBeforeSubmit, type Errors } from '../../lib/form-check';
import { FormError, SignInFields, SignUpFields } from '../../components/attendee/AuthFields';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Connexion à mon espace',
    description: 'Connectez-vous ou créez votre compte pour gérer vos rendez-vous.',
    noindex: true,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const to = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'));
  if (await currentAttendee(request)) throw redirect(to);
  // The forms post the way back the server accepted, never the raw query value.
  return { redirectTo: to };
}

export type SignInActionData =
  | { intent: 'signIn'; errors: Errors; formError?: string; values: Partial<SignInValues> }
  | { intent: 'signUp'; errors: Errors; formError?: string; values: Partial<SignUpValues> };

/** Sign-in and sign-up, posted by the forms of this page (with or without JavaScript). */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const to = safeRedirectPath(String(form.get('redirectTo') ?? ''));
  if (form.get('intent') === 'signUp') {
    const values = readSignUp(form);
    const echo = { ...values, password: '', password_confirmation: '' };
    const errors = validateSignUp(values);
    if (Object.keys(errors).length > 0) {
      return data<SignInActionData>({ intent: 'signUp', errors, values: echo }, { status: 400 });
    }
    const answer = await callApi(request, (api) =>
      api.POST('/api/v1/attendees', { body: signUpPayload(values) }),
    );
    if (answer.ok && answer.body?.token) {
      return redirect(to, { headers: { 'set-cookie': attendeeCookie(request, answer.body.token) } });
    }
    const message = answer.message ?? '';
    const field = fieldOfServerMessage(answer.code, message);
    return data<SignInActionData>(
      {
        intent: 'signUp',
        errors: field ? { [field]: message } : {},
        formError: field ? undefined : message,
        values: echo,
      },
      { status: answer.status >= 500 ? 503 : answer.status === 429 ? 429 : 400 },
    );
  }

  const values = readSignIn(form);
  const errors = validateSignIn(values);
  if (Object.keys(errors).length > 0) {
    return data<SignInActionData>(
      { intent: 'signIn', errors, values: { email: values.email } },
      { status: 400 },
    );
  }
  const answer = await callApi(request, (api) =>
    api.POST('/api/v1/auth/attendee/login', { body: { email: values.email, password: values.password } }),
  );
  if (answer.ok && answer.body?.token) {
    return redirect(to, { headers: { 'set-cookie': attendeeCookie(request, answer.body.token) } });
  }
  const formError = answer.status === 401 ? 'Email ou mot de passe incorrect' : answer.message;
  return data<SignInActionData>(
    { intent: 'signIn', errors: {}, formError, values: { email: values.email } },
    { status: answer.status === 429 ? 429 : answer.status >= 500 ? 503 : 400 },
  );
}

export default function AttendeeSignIn({ actionData, loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const redirectTo = loaderData?.redirectTo ?? '';
  const result = actionData as SignInActionData | undefined;
  const [signInErrors, setSignInErrors] = useState<Errors>();
  const [signUpErrors, setSignUpErrors] = useState<Errors>();
  const busy = navigation.state !== 'idle' ? navigation.formData?.get('intent') : undefined;

  const signIn = result?.intent === 'signIn' ? result : undefined;
  const signUp = result?.intent === 'signUp' ? result : undefined;

  return (
    <div className="container page page--narrow">
      <h1>Mon espace rendez-vous</h1>
      {params.has('mot-de-passe-modifie') && (
        <p className="notice notice--success" role="status">
          Votre mot de passe a été modifié. Veuillez vous reconnecter avec votre nouveau mot de passe.
        </p>
      )}
      {params.has('compte-supprime') && (
        <p className="notice notice--success" role="status">
          Votre compte a été supprimé : vos documents et vos informations personnelles ont été effacés. Un
          email de confirmation vous a été envoyé.
        </p>
      )}
      <p className="page__lead">
        Retrouvez vos rendez-vous, annulez-les si besoin et gérez vos informations.
      </p>
      <div className="auth-grid">
        <section className="card" aria-labelledby="sign-in-title">
          <h2 id="sign-in-title">Se connecter</h2>
          <Form
            method="post"
            className="form"
            noValidate
            onSubmit={(e) => checkBeforeSubmit(e, (f) => validateSignIn(readSignIn(f)), setSignInErrors)}
          >
            <input type="hidden" name="intent" value="signIn" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <FormError message={signIn?.formError} />
            <SignInFields
              prefix="signin"
              errors={signInErrors ?? signIn?.errors ?? {}}
              values={signIn?.values}
              forgotLink={<Link to="/participant/mot-de-passe-oublie">Mot de passe oublié ?</Link>}
            />
            <button type="submit" className="button button--primary" disabled={busy === 'signIn'}>
              {busy === 'signIn' ? 'Connexion…' : 'Se connecter'}
            </button>
          </Form>
        </section>

        <section className="card" aria-labelledby="sign-up-title" id="inscription">
          <h2 id="sign-up-title">Créer mon compte</h2>
          <Form
            method="post"
            className="form"
            noValidate
            onSubmit={(e) => checkBeforeSubmit(e, (f) => validateSignUp(readSignUp(f)), setSignUpErrors)}
          >
            <input type="hidden" name="intent" value="signUp" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <FormError message={signUp?.formError} />
            <SignUpFields
              prefix="signup"
              errors={signUpErrors ?? signUp?.errors ?? {}}
              values={signUp?.values}
            />
            <button type="submit" className="button button--primary" disabled={busy === 'signUp'}>
              {busy === 'signUp' ? 'Création du compte…' : 'Créer mon compte'}
            </button>
          </Form>
        </section>
      </div>
    </div>
  );
}
