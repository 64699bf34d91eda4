import { useRef, useState, type FormEvent } from 'react';
import { MESSAGES_FR } from '@rdv/sectors';
import { formatPhone, validatePhone, type Attendee } from '../../../lib/attendee';
import { FieldError, FormError, PhoneFields } from '../../attendee/AuthFields';
import { BookingError, type BookingClient } from '../booking-client';
import { StepShell } from './StepShell';
import type { HeadingRef } from './wizard';

// ---- step 3: verification (SMS code) -----------------------------------------------------------------------

export function VerificationStep({
  headingRef,
  client,
  attendee,
  onBack,
  onDone,
}: {
  headingRef: HeadingRef;
  client: BookingClient;
  attendee: Attendee;
  onBack: () => void;
  onDone: (attendee: Attendee) => void;
}) {
  const [editing, setEditing] = useState(!attendee.phone);
  const [sentTo, setSentTo] = useState<string>();
  const [info, setInfo] = useState<string>();
  const [error, setError] = useState<string>();
  const [phoneError, setPhoneError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  const send = async (phone: string, country: string) => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await client.sendCode(phone, country);
      setSentTo(answer.phone);
      setInfo(answer.message);
      setEditing(false);
      requestAnimationFrame(() => codeRef.current?.focus());
    } catch (e) {
      const message = e instanceof BookingError ? e.message : MESSAGES_FR.unexpectedError;
      if (/téléphone/i.test(message)) {
        setEditing(true);
        setPhoneError(message);
      } else setError(message);
    } finally {
      setBusy(false);
    }
  };

  const submitPhone = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const phone = String(data.get('phone') ?? '').trim();
    const country = String(data.get('phone_country_code') ?? 'FR');
    const problem = validatePhone(phone, country);
    setPhoneError(problem);
    if (!problem) void send(phone, country);
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('token') ?? '').replace(/\s/g, '');
    if (!/^\d{4,10}$/.test(code)) {
      setError('Saisissez le code à chiffres reçu par SMS');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      onDone(await client.verifyCode(code));
    } catch (e) {
      setError(e instanceof BookingError ? e.message : MESSAGES_FR.unexpectedError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepShell headingRef={headingRef} title="Vérifiez votre téléphone" onBack={onBack}>
      {!sentTo ? (
        editing ? (
          <form className="form" onSubmit={submitPhone} noValidate>
            <p className="form__hint">Nous vous envoyons un code par SMS pour confirmer votre numéro.</p>
            <PhoneFields
              prefix="bd-verify"
              errors={{ phone: phoneError }}
              phone={attendee.phone && !phoneError ? formatPhone(attendee.phone) : undefined}
              country={attendee.phone_country_code}
            />
            <FormError message={error} />
            <div className="bd__actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? 'Envoi…' : 'Recevoir le code'}
              </button>
            </div>
          </form>
        ) : (
          <div className="form">
            <p>
              Pour confirmer votre demande, nous envoyons un code par SMS au{' '}
              <strong className="nowrap">{formatPhone(attendee.phone)}</strong>.
            </p>
            <FormError message={error} />
            <div className="bd__actions bd__actions--split">
              <button type="button" className="link-button" onClick={() => setEditing(true)}>
                Changer de numéro
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() => void send(attendee.phone ?? '', attendee.phone_country_code ?? 'FR')}
              >
                {busy ? 'Envoi…' : 'Recevoir le code par SMS'}
              </button>
            </div>
          </div>
        )
      ) : (
        <form className="form" onSubmit={(e) => void submitCode(e)} noValidate>
          {info && (
            <p className="notice notice--success" role="status">
              {info} ({formatPhone(sentTo)})
            </p>
          )}
          <div className="field">
            <label htmlFor="bd-code">Code reçu par SMS</label>
            <input
              ref={codeRef}
              id="bd-code"
              name="token"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={10}
              className="code-input"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'bd-code-error' : undefined}
            />
            <FieldError id="bd-code-error" message={error} />
          </div>
          <div className="bd__actions bd__actions--split">
            <button
              type="button"
              className="link-button"
              disabled={busy}
              onClick={() => {
                setSentTo(undefined);
                setInfo(undefined);
                setError(undefined);
              }}
            >
              Renvoyer un code
            </button>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Vérification…' : 'Vérifier'}
            </button>
          </div>
        </form>
      )}
    </StepShell>
  );
}
