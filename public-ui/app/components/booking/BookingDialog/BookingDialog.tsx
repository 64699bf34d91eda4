import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { MESSAGES_FR, wordsFor, type Sector } from '@rdv/sectors';
import { BookingError, httpBookingClient, newIdempotencyKey, type BookingClient } from '../booking-client';
import { ConfirmStep } from './ConfirmStep';
import { DoneStep } from './DoneStep';
import { IdentificationStep } from './IdentificationStep';
import { InfosStep } from './InfosStep';
import { ModalFrame } from './ModalFrame';
import { ReasonStep } from './ReasonStep';
import { SlotStep } from './SlotStep';
import { StepShell } from './StepShell';
import { VerificationStep } from './VerificationStep';
import { chosenMotive, initialWizardState, wizardReducer } from './wizard';

export interface BookingProfessional {
  _id: string;
  first_name: string;
  last_name: string;
  /** "Mme" makes the dialog's texts say "l'avocate", "la notaire"... */
  civility?: string | null;
  /** "12 rue de la République, 69002 Lyon" for in-person appointments, when known. */
  address?: string | null;
}

export interface BookingDialogProps {
  open: boolean;
  onClose: () => void;
  professional: BookingProfessional;
  /** "Me Claire Martin" */
  professionalLabel: string;
  sector: Sector;
  /** A slot picked on the page before opening (`?creneau=`), for the first motive. */
  initialSlot?: string | null;
  client?: BookingClient;
}

/** The booking wizard: loads the motives and the session, then shows the current step in the modal. */
export function BookingDialog({
  open,
  onClose,
  professional,
  professionalLabel,
  sector: siteSector,
  initialSlot,
  client = httpBookingClient,
}: BookingDialogProps) {
  // Every step speaks of this one professional: the sector's words agreed with their civility.
  const sector = useMemo<Sector>(
    () => ({ ...siteSector, words: { ...siteSector.words, ...wordsFor(siteSector, professional.civility) } }),
    [siteSector, professional.civility],
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [state, dispatch] = useReducer(wizardReducer, initialSlot, initialWizardState);
  const { step, loading, loadError, motives, attendee, motiveId, mode, slot, notes, timezone, notice } =
    state;
  const motive = chosenMotive(state);
  /** The key of the current booking attempt and the body it was made for. */
  const attempt = useRef<{ key: string; body: string } | null>(null);

  // First load: motives and session, in parallel.
  const load = useCallback(async () => {
    dispatch({ type: 'loadStarted' });
    try {
      const [list, who] = await Promise.all([
        client.motives(professional._id),
        client.session().catch(() => null),
      ]);
      dispatch({ type: 'loaded', motives: list, attendee: who, hasInitialSlot: Boolean(initialSlot) });
    } catch (error) {
      dispatch({
        type: 'loadFailed',
        message: error instanceof BookingError ? error.message : MESSAGES_FR.unexpectedError,
      });
    }
  }, [client, professional._id, initialSlot]);

  const loaded = useRef(false);
  useEffect(() => {
    if (open && !loaded.current) {
      loaded.current = true;
      void load();
    }
  }, [open, load]);

  const goBack = () => dispatch({ type: 'back' });

  const loadAgreement = useCallback(
    (legalAid: boolean) =>
      client.feeAgreement(professional._id, { motiveId: motive!.id, start: slot!.start, legalAid }),
    [client, professional._id, motive, slot],
  );

  const confirm = async ({
    legalAid,
    feeAgreementAccepted,
  }: {
    legalAid: boolean;
    feeAgreementAccepted: boolean;
  }) => {
    if (!motive || !mode || !slot) return;
    const body = {
      user_id: professional._id,
      motive_id: motive.id,
      mode,
      start: slot.start,
      ...(notes.trim() ? { notes: notes.trim() } : {}),
      ...(legalAid ? { legal_aid: true } : {}),
      ...(feeAgreementAccepted ? { fee_agreement_accepted: true } : {}),
    };
    const fingerprint = JSON.stringify(body);
    // One key per attempt: a second click or a retry after a lost answer reuses it, so the
    // API replays the first booking; another slot or message is another attempt.
    if (!attempt.current || attempt.current.body !== fingerprint) {
      attempt.current = { key: newIdempotencyKey(), body: fingerprint };
    }
    try {
      const appointment = await client.createEvent(body, attempt.current.key);
      // A paid motive: the slot is held; the client pays on the provider's hosted page, which brings them back.
      if (appointment.payment?.checkoutUrl) return window.location.assign(appointment.payment.checkoutUrl);
      dispatch({ type: 'booked', appointment });
    } catch (error) {
      const e =
        error instanceof BookingError ? error : new BookingError(0, 'ERROR', MESSAGES_FR.unexpectedError);
      if (e.status === 409 && (e.code === 'SLOT_TAKEN' || e.code === 'SLOT_UNAVAILABLE')) {
        attempt.current = null;
        dispatch({ type: 'slotTaken' });
      } else if (e.code === 'PHONE_NOT_VERIFIED') {
        dispatch({ type: 'phoneNotVerified', message: e.message });
      } else if (e.status === 401) {
        dispatch({ type: 'sessionExpired', message: e.message });
      } else {
        if (e.code === 'IDEMPOTENCY_KEY_REUSED') attempt.current = null;
        // Network or server trouble: the same key is kept, "Confirmer" again is safe.
        throw e;
      }
    }
  };

  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      title={`Prendre rendez-vous avec ${professionalLabel}`}
      step={step}
      headingRef={headingRef}
      focusKey={`${step}:${loading}`}
    >
      {notice && (
        <p className="notice notice--error" role="alert">
          {notice}
        </p>
      )}
      {loading ? (
        <StepShell headingRef={headingRef} title="Chargement…">
          <p className="bd__loading" role="status">
            Chargement des motifs de rendez-vous…
          </p>
        </StepShell>
      ) : loadError ? (
        <StepShell headingRef={headingRef} title="Prise de rendez-vous indisponible">
          <p className="notice notice--error" role="alert">
            {loadError}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void load()}>
            Réessayer
          </button>
        </StepShell>
      ) : motives.length === 0 ? (
        <StepShell headingRef={headingRef} title="Aucun motif en ligne">
          <p>{MESSAGES_FR.noOnlineBooking(sector.words.definite, sector.words.plural)}.</p>
        </StepShell>
      ) : step === 'reason' ? (
        <ReasonStep
          headingRef={headingRef}
          motives={motives}
          motiveId={motiveId}
          mode={mode}
          sector={sector}
          slot={slot}
          timezone={timezone}
          onMotive={(id) => dispatch({ type: 'motiveChosen', motiveId: id })}
          onMode={(m) => dispatch({ type: 'modeChosen', mode: m })}
          onNext={() => dispatch({ type: 'reasonDone' })}
          onOtherSlot={() => dispatch({ type: 'otherSlotAsked' })}
        />
      ) : step === 'slot' && motive && mode ? (
        <SlotStep
          headingRef={headingRef}
          client={client}
          userId={professional._id}
          motive={motive}
          mode={mode}
          selected={slot}
          onBack={goBack}
          onPick={(picked, zone) => dispatch({ type: 'slotPicked', slot: picked, timezone: zone })}
        />
      ) : step === 'identification' ? (
        <IdentificationStep
          headingRef={headingRef}
          client={client}
          onBack={goBack}
          onDone={(who) => dispatch({ type: 'identified', attendee: who })}
        />
      ) : step === 'verification' && attendee ? (
        <VerificationStep
          headingRef={headingRef}
          client={client}
          attendee={attendee}
          onBack={goBack}
          onDone={(who) => dispatch({ type: 'phoneVerified', attendee: who })}
        />
      ) : step === 'infos' && attendee ? (
        <InfosStep
          headingRef={headingRef}
          attendee={attendee}
          notes={notes}
          sector={sector}
          onBack={goBack}
          onNext={(text) => dispatch({ type: 'infosDone', notes: text })}
        />
      ) : step === 'confirm' && attendee && motive && mode && slot ? (
        <ConfirmStep
          headingRef={headingRef}
          professionalLabel={professionalLabel}
          address={professional.address}
          motive={motive}
          mode={mode}
          slot={slot}
          timezone={timezone}
          attendee={attendee}
          notes={notes}
          sector={sector}
          onBack={goBack}
          onConfirm={confirm}
          loadAgreement={loadAgreement}
        />
      ) : step === 'done' && state.appointment ? (
        <DoneStep headingRef={headingRef} appointment={state.appointment} sector={sector} onClose={onClose} />
      ) : (
        <StepShell headingRef={headingRef} title="Motif">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => dispatch({ type: 'restart' })}
          >
            Revenir au début
          </button>
        </StepShell>
      )}
    </ModalFrame>
  );
}
