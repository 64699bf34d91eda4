import type { ReactNode } from 'react';
import { PASSWORD_MIN_LENGTH, PHONE_COUNTRIES } from '@rdv/sectors';
import { ATTENDEE_CIVILITIES, type SignInValues, type SignUpValues } from '../../lib/attendee';

type Errors = Partial<Record<string, string>>;

/** Props of a labelled input: id, name, error wiring, default value. */
function useField(prefix: string, errors: Errors, values: Partial<Record<string, unknown>> | undefined) {
  return (name: string) => ({
    id: `${prefix}-${name}`,
    name,
    defaultValue: typeof values?.[name] === 'string' ? (values[name] as string) : undefined,
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': errors[name] ? `${prefix}-${name}-error` : undefined,
  });
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="field__error">
      {message}
    </p>
  ) : null;
}

export function FormError({ message }: { message?: string }) {
  return message ? (
    <p className="notice notice--error" role="alert">
      {message}
    </p>
  ) : null;
}

export function SignInFields({
  prefix,
  errors,
  values,
  forgotLink,
}: {
  prefix: string;
  errors: Errors;
  values?: Partial<SignInValues>;
  forgotLink: ReactNode;
}) {
  const field = useField(prefix, errors, values);
  return (
    <>
      <div className="field">
        <label htmlFor={`${prefix}-email`}>Email</label>
        <input {...field('email')} type="email" autoComplete="email" inputMode="email" required />
        <FieldError id={`${prefix}-email-error`} message={errors.email} />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-password`}>Mot de passe</label>
        <input
          {...field('password')}
          defaultValue={undefined}
          type="password"
          autoComplete="current-password"
          required
        />
        <FieldError id={`${prefix}-password-error`} message={errors.password} />
      </div>
      <p className="form__aside">{forgotLink}</p>
    </>
  );
}

export function SignUpFields({
  prefix,
  errors,
  values,
}: {
  prefix: string;
  errors: Errors;
  values?: Partial<SignUpValues>;
}) {
  const field = useField(prefix, errors, values);
  const err = (name: string) => <FieldError id={`${prefix}-${name}-error`} message={errors[name]} />;
  return (
    <>
      <p className="form__hint">Tous les champs sont obligatoires, sauf la date de naissance.</p>
      <fieldset
        className="field field--radios"
        aria-describedby={errors.civility ? `${prefix}-civility-error` : undefined}
      >
        <legend>Civilité</legend>
        {ATTENDEE_CIVILITIES.map((c) => (
          <label key={c.value} className="radio">
            <input
              type="radio"
              name="civility"
              value={c.value}
              required
              defaultChecked={values?.civility === c.value}
            />
            {c.label}
          </label>
        ))}
        {err('civility')}
      </fieldset>
      <div className="form__row form__row--top">
        <div className="field">
          <label htmlFor={`${prefix}-first_name`}>Prénom</label>
          <input {...field('first_name')} type="text" autoComplete="given-name" maxLength={100} required />
          {err('first_name')}
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-last_name`}>Nom</label>
          <input {...field('last_name')} type="text" autoComplete="family-name" maxLength={100} required />
          {err('last_name')}
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-email`}>Email</label>
        <input {...field('email')} type="email" autoComplete="email" inputMode="email" required />
        {err('email')}
      </div>
      <div className="form__row form__row--top">
        <div className="field">
          <label htmlFor={`${prefix}-password`}>Mot de passe</label>
          <input
            {...field('password')}
            defaultValue={undefined}
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            required
            aria-describedby={`${prefix}-password-hint${errors.password ? ` ${prefix}-password-error` : ''}`}
          />
          <p id={`${prefix}-password-hint`} className="field__hint">
            Au moins {PASSWORD_MIN_LENGTH} caractères.
          </p>
          {err('password')}
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-password_confirmation`}>Confirmation du mot de passe</label>
          <input
            {...field('password_confirmation')}
            defaultValue={undefined}
            type="password"
            autoComplete="new-password"
            required
          />
          {err('password_confirmation')}
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-birthdate`}>
          Date de naissance <span className="field__optional">(facultatif)</span>
        </label>
        <input {...field('birthdate')} type="date" autoComplete="bday" min="1900-01-01" />
        {err('birthdate')}
      </div>
      <PhoneFields
        prefix={prefix}
        errors={errors}
        phone={values?.phone}
        country={values?.phone_country_code}
      />
      <div className="field field--check">
        <label className="check">
          <input
            type="checkbox"
            name="cgu_accepted"
            required
            defaultChecked={values?.cgu_accepted}
            aria-invalid={errors.cgu_accepted ? true : undefined}
            aria-describedby={errors.cgu_accepted ? `${prefix}-cgu_accepted-error` : undefined}
          />
          <span>
            J’accepte les{' '}
            <a href="/cgu" target="_blank" rel="noopener">
              conditions générales d’utilisation
            </a>
          </span>
        </label>
        {err('cgu_accepted')}
      </div>
      <div className="field field--check">
        <label className="check">
          <input
            type="checkbox"
            name="privacy_accepted"
            required
            defaultChecked={values?.privacy_accepted}
            aria-invalid={errors.privacy_accepted ? true : undefined}
            aria-describedby={errors.privacy_accepted ? `${prefix}-privacy_accepted-error` : undefined}
          />
          <span>
            J’accepte la{' '}
            <a href="/politique-de-confidentialite" target="_blank" rel="noopener">
              politique de protection des données
            </a>
          </span>
        </label>
        {err('privacy_accepted')}
      </div>
    </>
  );
}

/** Phone number and its country (FR, BE, CH), side by side. */
export function PhoneFields({
  prefix,
  errors,
  phone,
  country,
}: {
  prefix: string;
  errors: Errors;
  phone?: string | null;
  country?: string | null;
}) {
  return (
    <div className="form__row form__row--phone">
      <div className="field">
        <label htmlFor={`${prefix}-phone_country_code`}>Pays</label>
        <select
          id={`${prefix}-phone_country_code`}
          name="phone_country_code"
          defaultValue={country || 'FR'}
          autoComplete="tel-country-code"
        >
          {PHONE_COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-phone`}>Téléphone mobile</label>
        <input
          id={`${prefix}-phone`}
          name="phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          required
          defaultValue={phone ?? undefined}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={`${prefix}-phone-hint${errors.phone ? ` ${prefix}-phone-error` : ''}`}
        />
        <p id={`${prefix}-phone-hint`} className="field__hint">
          À l’étape suivante, un bouton vous envoie un code de vérification par SMS.
        </p>
        <FieldError id={`${prefix}-phone-error`} message={errors.phone} />
      </div>
    </div>
  );
}
