import { useEffect, useRef, useState } from 'react';
import { MESSAGES_FR, type Sector } from '@rdv/sectors';
import { attendeeName, type Attendee } from '../../../lib/attendee';
import { modeLabel, type AppointmentMode } from '../../../lib/appointments';
import { dateAtTime } from '../../../lib/dates';
import {
  BookingError,
  cancellationRule,
  priceLabel,
  type BookingMotive,
  type FeeAgreementPreview,
} from '../booking-client';
import { FeeAgreementBlock } from './FeeAgreementBlock';
import type { Slot } from '../../../lib/directory';
import { StepShell } from './StepShell';
import type { HeadingRef } from './wizard';

// ---- step 5: confirm ---------------------------------------------------------------------------------------

export function ConfirmStep({
  headingRef,
  professionalLabel,
  address,
  motive,
  mode,
  slot,
  timezone,
  attendee,
  notes,
  sector,
  onBack,
  onConfirm,
  loadAgreement,
}: {
  headingRef: HeadingRef;
  professionalLabel: string;
  address?: string | null;
  motive: BookingMotive;
  mode: AppointmentMode;
  slot: Slot;
  timezone: string;
  attendee: Attendee;
  notes: string;
  sector: Sector;
  onBack: () => void;
  onConfirm: (options: { legalAid: boolean; feeAgreementAccepted: boolean }) => Promise<void>;
  /** The fee agreement this booking asks for (lawyers' paid motives), filled by the server. */
  loadAgreement?: (legalAid: boolean) => Promise<FeeAgreementPreview>;
}) {
  const [busy, setBusy] = useState(false);
  const [legalAid, setLegalAid] = useState(false);
  const paid = motive.paymentRule === 'at_booking' && motive.priceCents !== null;
  const pays = paid && !legalAid;
  const [error, setError] = useState<string>();
  const [agreement, setAgreement] = useState<FeeAgreementPreview | null>(null);
  const [accepted, setAccepted] = useState(false);
  useEffect(() => {
    if (!paid || !loadAgreement) return;
    let current = true;
    loadAgreement(legalAid)
      .then((preview) => current && setAgreement(preview))
      // Without the text the booking is refused with the API's own message, shown below.
      .catch(() => current && setAgreement(null));
    return () => {
      current = false;
    };
  }, [paid, legalAid, loadAgreement]);
  const mustAccept = Boolean(agreement?.required);
  // A second click before the first render still sends nothing (and would reuse the key anyway).
  const inFlight = useRef(false);
  const confirm = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm({ legalAid: paid && legalAid, feeAgreementAccepted: mustAccept && accepted });
    } catch (e) {
      setError(
        e instanceof BookingError && e.status !== 0 && e.status < 500
          ? e.message
          : `${e instanceof BookingError ? e.message : MESSAGES_FR.unexpectedError} Votre demande n’a peut-être pas été enregistrée : vous pouvez confirmer à nouveau sans risque de doublon.`,
      );
      setBusy(false);
    } finally {
      inFlight.current = false;
    }
  };
  return (
    <StepShell headingRef={headingRef} title="Confirmez votre rendez-vous" onBack={busy ? undefined : onBack}>
      <dl className="details details--compact">
        <div>
          <dt>Avec</dt>
          <dd>{professionalLabel}</dd>
        </div>
        <div>
          <dt>Quand</dt>
          <dd>
            <strong>{dateAtTime(slot.start, timezone)}</strong>
          </dd>
        </div>
        <div>
          <dt>Motif</dt>
          <dd>
            {motive.title} ({motive.durationMinutes} min)
          </dd>
        </div>
        {motive.priceCents !== null && (
          <div>
            <dt>Tarif</dt>
            <dd>{priceLabel(motive)}</dd>
          </div>
        )}
        <div>
          <dt>Mode</dt>
          <dd>{modeLabel(mode, sector)}</dd>
        </div>
        {mode === 'in_person' && address && (
          <div>
            <dt>Adresse</dt>
            <dd>{address}</dd>
          </div>
        )}
        <div>
          <dt>Pour</dt>
          <dd>{attendeeName(attendee)}</dd>
        </div>
        {notes.trim() && (
          <div>
            <dt>Message</dt>
            <dd className="details__pre">{notes.trim()}</dd>
          </div>
        )}
      </dl>
      {paid && (
        <>
          <p className="form__hint">{cancellationRule(motive)}</p>
          {motive.acceptsLegalAid && (
            <label className="choice">
              <input type="checkbox" checked={legalAid} onChange={(e) => setLegalAid(e.target.checked)} />
              <span className="choice__text">
                Je bénéficie de l’aide juridictionnelle totale (rendez-vous sans paiement)
              </span>
            </label>
          )}
          {agreement && (
            <FeeAgreementBlock agreement={agreement} accepted={accepted} onAccept={setAccepted} />
          )}
        </>
      )}
      <p className="form__hint">
        {pays
          ? 'Vous allez être redirigé vers la page de paiement sécurisée : le créneau vous est réservé 15 minutes. Votre carte est autorisée maintenant et débitée seulement quand le rendez-vous est validé. '
          : ''}
        Le créneau vous est réservé dès maintenant. {sector.words.definite.charAt(0).toUpperCase()}
        {sector.words.definite.slice(1)} valide ensuite le rendez-vous : vous recevez alors un email de
        confirmation.
      </p>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="bd__actions">
        <button
          type="button"
          className="button button--primary button--wide"
          disabled={busy || (mustAccept && !accepted)}
          onClick={() => void confirm()}
        >
          {busy ? 'Réservation en cours…' : pays ? 'Confirmer et payer' : 'Confirmer le rendez-vous'}
        </button>
      </div>
    </StepShell>
  );
}
