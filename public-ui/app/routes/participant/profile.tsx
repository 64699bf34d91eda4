import type { Schemas } from '@rdv/api-client';
import { useState } from 'react';
import { data, Form, redirect, useNavigation } from 'react-router';
import {
  COMPANY_FIELDS_TOGETHER,
  COMPANY_SIRET_INVALID,
  MESSAGES_FR,
  bareRegistrationNumber,
  isValidSiret,
} from '@rdv/sectors';
import type { Route } from './+types/profile';
import { callApi, clearAttendeeCookie, requireAttendee } from '../../lib/attendee-session.server';
import { currentSector } from '../../lib/config.server';
import { ClientFolders, type FolderActionResult } from '../../components/attendee/ClientFolders';
import { PrivacySection, type PrivacyActionResult } from '../../components/attendee/PrivacySection';
import {
  EmailChangeSection,
  validateEmailChange,
  type EmailChangeActionResult,
} from '../../components/attendee/EmailChangeSection';
import {
  ATTENDEE_CIVILITIES,
  fieldOfServerMessage,
  formatPhone,
  isEmail,
  validateBirthdate,
  validatePhone,
} from '../../lib/attendee';
import { checkBeforeSubmit, type Errors } from '../../lib/form-check';
import { pageMeta } from '../../lib/seo';
import { FieldError, FormError, PhoneFields } from '../../components/attendee/AuthFields';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: 'Mon profil', description: 'Vos informations.', noindex: true });
}

export async function loader({ request }: Route.LoaderArgs) {
  const { attendee, token } = await requireAttendee(request);
  const list = await callApi(
    request,
    (api) => api.GET('/api/v1/attendees/{id}/folders', { params: { path: { id: attendee._id } } }),
    { token },
  );
  const folders = [];
  for (const folder of list.ok ? list.body : []) {
    const detail = await callApi(
      request,
      (api) => api.GET('/api/v1/folders/{folderId}', { params: { path: { folderId: folder.id } } }),
      { token },
    );
    if (!detail.ok) continue;
    folders.push(detail.body);
    // Shown now: the lawyer's messages count as read.
    if (detail.body.unread_count > 0)
      await callApi(
        request,
        (api) =>
          api.POST('/api/v1/folders/{folderId}/messages/read', { params: { path: { folderId: folder.id } } }),
        { token },
      );
  }
  // Legal professions are addressed as "Maître".
  const honorific = currentSector().key === 'groomer' ? '' : 'Maître';
  return { attendee, folders, honorific };
}

export const EMAIL_CHANGE_MESSAGE =
  'Votre adresse de connexion ne se modifie pas ici : elle change par un lien de confirmation envoyé à la nouvelle adresse.';

/** Where the API's refusal of an email change belongs on the form. */
function emailChangeField(code: string | undefined): 'new_email' | 'current_password' | undefined {
  if (code === 'CURRENT_PASSWORD_INVALID') return 'current_password';
  if (code === 'EMAIL_ALREADY_EXISTS' || code === 'VALIDATION_FAILED') return 'new_email';
  return undefined;
}

const PROFILE_FIELDS = [
  'civility',
  'first_name',
  'last_name',
  'email',
  'birthdate',
  'phone',
  'phone_country_code',
  'company_name',
  'company_siret',
] as const;
type ProfileValues = Record<(typeof PROFILE_FIELDS)[number], string>;

function readProfile(form: FormData): ProfileValues {
  const values = Object.fromEntries(
    PROFILE_FIELDS.map((f) => [f, String(form.get(f) ?? '').trim()]),
  ) as ProfileValues;
  values.email = values.email.toLowerCase();
  return values;
}

function validateProfile(v: ProfileValues): Errors {
  const errors: Errors = {};
  if (v.civility && !ATTENDEE_CIVILITIES.some((c) => c.value === v.civility))
    errors.civility = 'Veuillez choisir une civilité';
  if (!v.first_name) errors.first_name = 'Veuillez renseigner votre prénom';
  if (!v.last_name) errors.last_name = 'Veuillez renseigner votre nom';
  if (!isEmail(v.email)) errors.email = MESSAGES_FR.invalidEmail;
  const birthdate = validateBirthdate(v.birthdate);
  if (birthdate) errors.birthdate = birthdate;
  const phone = validatePhone(v.phone, v.phone_country_code || 'FR');
  if (phone) errors.phone = phone;
  // A business client: its name and SIRET go on the fee notes (Factur-X), together or not at all.
  const siret = bareRegistrationNumber(v.company_siret ?? '');
  if (siret && !isValidSiret(siret)) errors.company_siret = COMPANY_SIRET_INVALID;
  else if (Boolean(siret) !== Boolean(v.company_name)) {
    if (siret) errors.company_name = COMPANY_FIELDS_TOGETHER;
    else errors.company_siret = COMPANY_FIELDS_TOGETHER;
  }
  return errors;
}

export type ProfileActionData =
  | { intent: 'update'; saved: true; phoneToVerify: boolean }
  | { intent: 'update'; saved: false; errors: Errors; formError?: string; values: ProfileValues }
  | { intent: 'sendCode'; sent: boolean; message: string }
  | { intent: 'verifyCode'; verified: boolean; message: string }
  | FolderActionResult
  | PrivacyActionResult
  | EmailChangeActionResult;

export async function action({ request }: Route.ActionArgs) {
  const { attendee, token } = await requireAttendee(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const self = { path: { id: attendee._id } };

  if (intent === 'folderDeleteDocument') {
    const folderId = String(form.get('folderId') ?? '');
    const documentId = String(form.get('documentId') ?? '');
    const answer = await callApi(
      request,
      (api) =>
        api.DELETE('/api/v1/folders/{folderId}/documents/{documentId}', {
          params: { path: { folderId, documentId } },
        }),
      { token },
    );
    return data<ProfileActionData>(
      {
        intent,
        folderId,
        ok: answer.ok,
        message: answer.ok ? 'Document supprimé.' : (answer.message ?? MESSAGES_FR.unexpectedError),
      },
      { status: answer.ok ? 200 : 400 },
    );
  }

  if (intent === 'folderMessage') {
    const folderId = String(form.get('folderId') ?? '');
    const fail = (message: string, status = 400) =>
      data<ProfileActionData>({ intent, folderId, ok: false, message }, { status });
    const body = String(form.get('body') ?? '').trim();
    if (!body) return fail('Écrivez votre message.');
    const answer = await callApi(
      request,
      (api) =>
        api.POST('/api/v1/folders/{folderId}/messages', {
          params: { path: { folderId } },
          body: { body: body.slice(0, 5000) },
        }),
      { token },
    );
    if (!answer.ok) return fail(answer.message ?? MESSAGES_FR.unexpectedError);
    return { intent, folderId, ok: true, message: 'Message envoyé.' } satisfies ProfileActionData;
  }

  if (intent === 'changePassword') {
    const answer = await callApi(
      request,
      (api) =>
        api.POST('/api/v1/auth/attendee/change-password', {
          body: {
            current_password: String(form.get('current_password') ?? ''),
            password: String(form.get('password') ?? ''),
            password_confirmation: String(form.get('password_confirmation') ?? ''),
          },
        }),
      { token },
    );
    if (!answer.ok)
      return data<ProfileActionData>(
        { intent, ok: false, message: answer.message ?? MESSAGES_FR.unexpectedError },
        { status: 400 },
      );
    // Every session ended with the change: sign in again.
    return redirect('/participant/connexion?mot-de-passe-modifie', {
      headers: { 'set-cookie': clearAttendeeCookie(request) },
    });
  }

  if (intent === 'changeEmail') {
    const newEmail = String(form.get('new_email') ?? '')
      .trim()
      .toLowerCase();
    const errors = validateEmailChange(form, attendee.email);
    if (Object.keys(errors).length > 0)
      return data<ProfileActionData>({ intent, ok: false, errors, newEmail }, { status: 400 });
    const answer = await callApi(
      request,
      (api) =>
        api.POST('/api/v1/auth/attendee/change-email', {
          body: { email: newEmail, current_password: String(form.get('current_password') ?? '') },
        }),
      { token },
    );
    if (answer.ok) return { intent, ok: true, message: answer.body.message } satisfies ProfileActionData;
    const message = answer.message ?? MESSAGES_FR.unexpectedError;
    const field = emailChangeField(answer.code);
    return data<ProfileActionData>(
      {
        intent,
        ok: false,
        errors: field ? { [field]: message } : {},
        formError: field ? undefined : message,
        newEmail,
      },
      { status: answer.status === 429 ? 429 : 400 },
    );
  }

  if (intent === 'deleteAccount') {
    const answer = await callApi(
      request,
      (api) =>
        api.POST('/api/v1/attendees/{id}/delete-account', {
          params: self,
          body: { password: String(form.get('password') ?? '') },
        }),
      { token },
    );
    if (!answer.ok)
      return data<ProfileActionData>(
        { intent, ok: false, message: answer.message ?? MESSAGES_FR.unexpectedError },
        { status: 400 },
      );
    return redirect('/participant/connexion?compte-supprime', {
      headers: { 'set-cookie': clearAttendeeCookie(request) },
    });
  }

  if (intent === 'sendCode') {
    const answer = await callApi(
      request,
      (api) =>
        api.POST('/api/v1/attendees/{id}/send-token-to-verify-number', {
          params: self,
          body: { phone: attendee.phone ?? '', phone_country_code: attendee.phone_country_code ?? 'FR' },
        }),
      { token },
    );
    return data<ProfileActionData>(
      {
        intent: 'sendCode',
        sent: answer.ok,
        message: answer.ok ? answer.body.message : (answer.message ?? MESSAGES_FR.unexpectedError),
      },
      { status: answer.ok ? 200 : answer.status === 429 ? 429 : 400 },
    );
  }

  if (intent === 'verifyCode') {
    const code = String(form.get('token') ?? '').replace(/\s/g, '');
    if (!/^\d{4,10}$/.test(code)) {
      return data<ProfileActionData>(
        { intent: 'verifyCode', verified: false, message: 'Le code doit être composé de chiffres' },
        { status: 400 },
      );
    }
    const answer = await callApi(
      request,
      (api) =>
        api.POST('/api/v1/attendees/{id}/verify-token-to-validate-number', {
          params: self,
          body: { token: code },
        }),
      { token },
    );
    return data<ProfileActionData>(
      {
        intent: 'verifyCode',
        verified: answer.ok,
        message: answer.ok ? answer.body.message : (answer.message ?? MESSAGES_FR.unexpectedError),
      },
      { status: answer.ok ? 200 : 400 },
    );
  }

  const values = readProfile(form);
  const errors = validateProfile(values);
  // The sign-in address is not a profile field: it moves only through a link mailed to the new address,
  // asked for with the current password, so an open session alone cannot take the account.
  if (!errors.email && values.email !== attendee.email) errors.email = EMAIL_CHANGE_MESSAGE;
  if (Object.keys(errors).length > 0) {
    return data<ProfileActionData>({ intent: 'update', saved: false, errors, values }, { status: 400 });
  }
  const body: Schemas['UpdateAttendeeDto'] = {
    ...(values.civility ? { civility: values.civility as Schemas['UpdateAttendeeDto']['civility'] } : {}),
    first_name: values.first_name,
    last_name: values.last_name,
    email: attendee.email,
    ...(values.birthdate ? { birthdate: values.birthdate } : {}),
    phone: values.phone,
    phone_country_code: (values.phone_country_code ||
      'FR') as Schemas['UpdateAttendeeDto']['phone_country_code'],
    // Sent by the form's "Entreprise" fields: blank clears both.
    ...(form.has('company_siret')
      ? { company_name: values.company_name || null, company_siret: values.company_siret || null }
      : {}),
  };
  const answer = await callApi(request, (api) => api.PUT('/api/v1/attendees/{id}', { params: self, body }), {
    token,
  });
  if (answer.ok) {
    // The API clears the verification when the number changes: a new code is needed.
    return {
      intent: 'update',
      saved: true,
      phoneToVerify: !answer.body.phoneVerifiedAt,
    } satisfies ProfileActionData;
  }
  const message = answer.message ?? MESSAGES_FR.unexpectedError;
  const field = fieldOfServerMessage(answer.code, message);
  return data<ProfileActionData>(
    {
      intent: 'update',
      saved: false,
      errors: field ? { [field]: message } : {},
      formError: field ? undefined : message,
      values,
    },
    { status: 400 },
  );
}

export default function AttendeeProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { attendee, folders, honorific } = loaderData;
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Errors>();
  const result = actionData as ProfileActionData | undefined;
  const update = result?.intent === 'update' ? result : undefined;
  const failed = update && !update.saved ? update : undefined;
  const errors = clientErrors ?? failed?.errors ?? {};
  const values: Partial<ProfileValues> = failed?.values ?? {
    civility: attendee.civility ?? '',
    first_name: attendee.first_name ?? '',
    last_name: attendee.last_name ?? '',
    email: attendee.email,
    birthdate: attendee.birthdate ?? '',
    phone: formatPhone(attendee.phone),
    phone_country_code: attendee.phone_country_code ?? 'FR',
    company_name: attendee.company_name ?? '',
    company_siret: attendee.company_siret ?? '',
  };
  const busy = navigation.state !== 'idle' ? navigation.formData?.get('intent') : undefined;
  const verified = Boolean(attendee.phoneVerifiedAt);
  const codeStep =
    (result?.intent === 'sendCode' && result.sent) || (result?.intent === 'verifyCode' && !result.verified);
  const field = (name: keyof ProfileValues) => ({
    id: `profile-${name}`,
    name,
    defaultValue: values[name],
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': errors[name] ? `profile-${name}-error` : undefined,
  });

  return (
    <>
      <h1>Mon profil</h1>
      <section className="card" aria-labelledby="profile-form-title">
        <h2 id="profile-form-title">Mes informations</h2>
        <Form
          method="post"
          className="form"
          noValidate
          onSubmit={(e) => checkBeforeSubmit(e, (f) => validateProfile(readProfile(f)), setClientErrors)}
        >
          <input type="hidden" name="intent" value="update" />
          {update?.saved && (
            <p className="notice notice--success" role="status">
              Vos informations ont été enregistrées.
              {update.phoneToVerify && ' Votre numéro de téléphone doit maintenant être vérifié.'}
            </p>
          )}
          <FormError message={failed?.formError} />
          <fieldset className="field field--radios">
            <legend>Civilité</legend>
            {ATTENDEE_CIVILITIES.map((c) => (
              <label key={c.value} className="radio">
                <input
                  type="radio"
                  name="civility"
                  value={c.value}
                  defaultChecked={values.civility === c.value}
                />
                {c.label}
              </label>
            ))}
          </fieldset>
          <div className="form__row form__row--top">
            <div className="field">
              <label htmlFor="profile-first_name">Prénom</label>
              <input
                {...field('first_name')}
                type="text"
                autoComplete="given-name"
                maxLength={100}
                required
              />
              <FieldError id="profile-first_name-error" message={errors.first_name} />
            </div>
            <div className="field">
              <label htmlFor="profile-last_name">Nom</label>
              <input
                {...field('last_name')}
                type="text"
                autoComplete="family-name"
                maxLength={100}
                required
              />
              <FieldError id="profile-last_name-error" message={errors.last_name} />
            </div>
          </div>
          <div className="field">
            <label htmlFor="profile-email">Email</label>
            <input {...field('email')} type="email" autoComplete="email" required readOnly />
            <FieldError id="profile-email-error" message={errors.email} />
            <p className="field__hint">
              <a href="#changer-email">Changer d’adresse email</a>
            </p>
          </div>
          <div className="field">
            <label htmlFor="profile-birthdate">
              Date de naissance <span className="field__optional">(facultatif)</span>
            </label>
            <input {...field('birthdate')} type="date" autoComplete="bday" min="1900-01-01" />
            <FieldError id="profile-birthdate-error" message={errors.birthdate} />
          </div>
          <PhoneFields
            prefix="profile"
            errors={errors}
            phone={values.phone}
            country={values.phone_country_code}
          />
          <fieldset className="field">
            <legend>
              Entreprise <span className="field__optional">(facultatif)</span>
            </legend>
            <p className="field__hint">
              Vous consultez pour votre entreprise : ses nom et SIRET figurent sur vos notes d’honoraires,
              émises au format Factur-X.
            </p>
            <div className="form__row form__row--top">
              <div className="field">
                <label htmlFor="profile-company_name">Nom de l’entreprise</label>
                <input {...field('company_name')} type="text" autoComplete="organization" maxLength={200} />
                <FieldError id="profile-company_name-error" message={errors.company_name} />
              </div>
              <div className="field">
                <label htmlFor="profile-company_siret">SIRET</label>
                <input {...field('company_siret')} type="text" inputMode="numeric" maxLength={20} />
                <FieldError id="profile-company_siret-error" message={errors.company_siret} />
              </div>
            </div>
          </fieldset>
          <button type="submit" className="button button--primary" disabled={busy === 'update'}>
            {busy === 'update' ? 'Enregistrement…' : 'Enregistrer'}
          </button>
        </Form>
      </section>

      <section className="card" aria-labelledby="phone-title">
        <h2 id="phone-title">Vérification du téléphone</h2>
        {verified ? (
          <p className="verified">
            <span aria-hidden="true">✓ </span>Votre numéro {formatPhone(attendee.phone)} est vérifié.
          </p>
        ) : !attendee.phone ? (
          <p>Indiquez votre numéro de téléphone ci-dessus pour pouvoir le vérifier.</p>
        ) : (
          <>
            <p>
              Votre numéro {formatPhone(attendee.phone)} n’est pas encore vérifié. Il doit l’être pour prendre
              rendez-vous en ligne.
            </p>
            {result?.intent === 'sendCode' && (
              <p
                className={`notice ${result.sent ? 'notice--success' : 'notice--error'}`}
                role={result.sent ? 'status' : 'alert'}
              >
                {result.message}
              </p>
            )}
            {result?.intent === 'verifyCode' && result.verified && (
              <p className="notice notice--success" role="status">
                {result.message}
              </p>
            )}
            {codeStep && (
              <Form method="post" className="form form--inline">
                <input type="hidden" name="intent" value="verifyCode" />
                {result?.intent === 'verifyCode' && !result.verified && (
                  <p className="notice notice--error" role="alert">
                    {result.message}
                  </p>
                )}
                <div className="field">
                  <label htmlFor="profile-code">Code reçu par SMS</label>
                  <input
                    id="profile-code"
                    name="token"
                    type="text"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9]*"
                    maxLength={10}
                    required
                    className="code-input"
                  />
                </div>
                <button type="submit" className="button button--primary" disabled={busy === 'verifyCode'}>
                  Vérifier
                </button>
              </Form>
            )}
            <Form method="post">
              <input type="hidden" name="intent" value="sendCode" />
              <button
                type="submit"
                className={codeStep ? 'link-button' : 'button button--secondary'}
                disabled={busy === 'sendCode'}
              >
                {codeStep ? 'Renvoyer un code' : 'Recevoir un code par SMS'}
              </button>
            </Form>
          </>
        )}
      </section>
      <EmailChangeSection
        currentEmail={attendee.email}
        busy={busy === 'changeEmail'}
        result={result?.intent === 'changeEmail' ? result : undefined}
      />
      <ClientFolders
        folders={folders}
        honorific={honorific}
        busy={busy === 'folderMessage' || busy === 'folderDeleteDocument'}
        result={
          result?.intent === 'folderMessage' || result?.intent === 'folderDeleteDocument' ? result : undefined
        }
      />
      <PrivacySection
        busy={typeof busy === 'string' ? busy : undefined}
        result={
          result?.intent === 'changePassword' || result?.intent === 'deleteAccount' ? result : undefined
        }
      />
    </>
  );
}
