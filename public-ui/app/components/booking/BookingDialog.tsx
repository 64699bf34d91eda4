import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { MESSAGES_FR, type Sector } from '@rdv/sectors';
import {
  attendeeName,
  formatPhone,
  readSignIn,
  readSignUp,
  validatePhone,
  validateSignIn,
  validateSignUp,
  type Attendee,
} from '../../lib/attendee';
import { modeLabel, type Appointment, type AppointmentMode } from '../../lib/appointments';
import { addDays, dateAtTime, localDay, shortDay, time, DEFAULT_TIMEZONE } from '../../lib/dates';
import { FieldError, FormError, PhoneFields, SignInFields, SignUpFields } from '../attendee/AuthFields';
import {
  BookingError,
  httpBookingClient,
  newIdempotencyKey,
  type BookingClient,
  type BookingMotive,
  type Slot,
} from './booking-client';
// Loaded with the dialog only: the profile page's first paint does not pay for it.
import dialogCss from './booking.css?inline';

export interface BookingProfessional {
  _id: string;
  first_name: string;
  last_name: string;
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

type Step = 'reason' | 'slot' | 'identification' | 'verification' | 'infos' | 'confirm' | 'done';

/** Spec §2 and §4: five steps. Choosing the slot is the second half of the reason step. */
const STEPS = [
  { key: 'reason', label: 'Motif' },
  { key: 'identification', label: 'Identification' },
  { key: 'verification', label: 'Vérification' },
  { key: 'infos', label: 'Informations' },
  { key: 'confirm', label: 'Confirmation' },
] as const;

const stepIndex = (step: Step) =>
  step === 'slot' ? 0 : step === 'done' ? STEPS.length : STEPS.findIndex((s) => s.key === step);

export const SLOT_TAKEN_MESSAGE = 'Ce créneau vient d’être pris. Veuillez en choisir un autre.';
const SLOT_WINDOW_DAYS = 28;
const DAYS_SHOWN = 4;

export function BookingDialog({
  open,
  onClose,
  professional,
  professionalLabel,
  sector,
  initialSlot,
  client = httpBookingClient,
}: BookingDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  const [step, setStep] = useState<Step>('reason');
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string>();
  const [motives, setMotives] = useState<BookingMotive[]>([]);
  const [attendee, setAttendee] = useState<Attendee | null>(null);
  const [motiveId, setMotiveId] = useState<string>();
  const [mode, setMode] = useState<AppointmentMode>();
  const [slot, setSlot] = useState<Slot | null>(initialSlot ? { start: initialSlot, end: '' } : null);
  const [notes, setNotes] = useState('');
  /** The professional's zone, from the slots answer: dates are shown in it. */
  const [timezone, setTimezone] = useState(DEFAULT_TIMEZONE);
  const [notice, setNotice] = useState<string>();
  const [appointment, setAppointment] = useState<Appointment>();
  /** The key of the current booking attempt and the body it was made for. */
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const motive = motives.find((m) => m.id === motiveId);

  // ---- opening, closing, focus ------------------------------------------------------------------------------
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      document.documentElement.classList.add('bd-locked');
      dialog.dataset.opened = 'true';
      headingRef.current?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    if (!open) {
      document.documentElement.classList.remove('bd-locked');
      // Back to what opened the dialog; opened from the address (?rdv=1): to the booking section.
      const back = returnFocus.current;
      if (back && back !== document.body && back.isConnected) back.focus();
      else if (dialog.dataset.opened) document.getElementById('prendre-rendez-vous')?.focus();
    }
  }, [open]);

  useEffect(() => () => document.documentElement.classList.remove('bd-locked'), []);

  // Each new step: its heading gets the focus, so screen readers announce where the user is.
  useEffect(() => {
    if (open) headingRef.current?.focus();
  }, [step, open, loading]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    // Focus stays inside the dialog.
    const focusable = Array.from(
      event.currentTarget.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]',
      ),
    );
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (
      event.shiftKey &&
      (document.activeElement === first || document.activeElement === headingRef.current)
    ) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // ---- first load: motives and session, in parallel ---------------------------------------------------------
  const load = useCallback(async () => {
    setLoading(true);
    setLoadError(undefined);
    try {
      const [list, who] = await Promise.all([
        client.motives(professional._id),
        client.session().catch(() => null),
      ]);
      setMotives(list);
      setAttendee(who);
      // A slot picked on the page belongs to the first motive (the one the directory shows).
      const first = list[0];
      if (first) {
        if (list.length === 1 || initialSlot) setMotiveId(first.id);
        if (first.modes.length === 1) setMode(first.modes[0]);
      }
    } catch (error) {
      setLoadError(error instanceof BookingError ? error.message : MESSAGES_FR.unexpectedError);
    } finally {
      setLoading(false);
    }
  }, [client, professional._id, initialSlot]);

  const loaded = useRef(false);
  useEffect(() => {
    if (open && !loaded.current) {
      loaded.current = true;
      void load();
    }
  }, [open, load]);

  // ---- navigation between steps ------------------------------------------------------------------------------
  /** After the slot: the first step still to do (a signed-in, verified attendee goes straight to infos). */
  const afterSlot = (who: Attendee | null): Step =>
    !who ? 'identification' : !who.phoneVerifiedAt ? 'verification' : 'infos';

  const goBack = () => {
    setNotice(undefined);
    const previous: Partial<Record<Step, Step>> = {
      slot: 'reason',
      identification: 'slot',
      verification: attendee ? 'slot' : 'identification',
      infos: attendee?.phoneVerifiedAt ? 'slot' : 'verification',
      confirm: 'infos',
    };
    const target = previous[step];
    if (target) setStep(target);
  };

  const chooseMotive = (id: string) => {
    const next = motives.find((m) => m.id === id);
    setMotiveId(id);
    setSlot(null);
    setMode(
      next && next.modes.length === 1
        ? next.modes[0]
        : next?.modes.includes(mode as AppointmentMode)
          ? mode
          : undefined,
    );
  };

  const title = `Prendre rendez-vous avec ${professionalLabel}`;
  const current = stepIndex(step);

  return (
    <dialog
      ref={dialogRef}
      className="bd"
      aria-labelledby="bd-title"
      aria-describedby={step === 'done' ? undefined : 'bd-step-label'}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <style>{dialogCss}</style>
      <div className="bd__panel">
        <header className="bd__header">
          <h2 id="bd-title" className="bd__title">
            {title}
          </h2>
          <button type="button" className="bd__close" onClick={onClose} aria-label="Fermer">
            <span aria-hidden="true">×</span>
          </button>
        </header>
        {step !== 'done' && (
          <div className="bd__progress">
            <p id="bd-step-label" className="bd__step-label">
              Étape {current + 1} sur {STEPS.length} : {STEPS[current].label}
              {step === 'slot' ? ' › Créneau' : ''}
            </p>
            <ol className="bd__steps" aria-label="Étapes de la prise de rendez-vous">
              {STEPS.map((s, i) => (
                <li
                  key={s.key}
                  className={i < current ? 'is-done' : i === current ? 'is-current' : undefined}
                  aria-current={i === current ? 'step' : undefined}
                >
                  <span className="bd__dot" aria-hidden="true">
                    {i < current ? '✓' : i + 1}
                  </span>
                  <span className="bd__step-name">
                    {s.label}
                    {i < current && <span className="visually-hidden"> (fait)</span>}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        )}
        <div className="bd__body">
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
              onMotive={chooseMotive}
              onMode={(m) => setMode(m)}
              onNext={() => {
                setNotice(undefined);
                // A slot already picked on the page: straight on (a 409 brings the slot list back).
                setStep(slot ? afterSlot(attendee) : 'slot');
              }}
              onOtherSlot={() => {
                setNotice(undefined);
                setStep('slot');
              }}
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
              onPick={(picked, zone) => {
                setTimezone(zone);
                setSlot(picked);
                setNotice(undefined);
                setStep(afterSlot(attendee));
              }}
            />
          ) : step === 'identification' ? (
            <IdentificationStep
              headingRef={headingRef}
              client={client}
              onBack={goBack}
              onDone={(who) => {
                setAttendee(who);
                setStep(who.phoneVerifiedAt ? 'infos' : 'verification');
              }}
            />
          ) : step === 'verification' && attendee ? (
            <VerificationStep
              headingRef={headingRef}
              client={client}
              attendee={attendee}
              onBack={goBack}
              onDone={(who) => {
                setAttendee(who);
                setStep('infos');
              }}
            />
          ) : step === 'infos' && attendee ? (
            <InfosStep
              headingRef={headingRef}
              attendee={attendee}
              notes={notes}
              sector={sector}
              onBack={goBack}
              onNext={(text) => {
                setNotes(text);
                setStep('confirm');
              }}
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
              onConfirm={async () => {
                const body = {
                  user_id: professional._id,
                  motive_id: motive.id,
                  mode,
                  start: slot.start,
                  ...(notes.trim() ? { notes: notes.trim() } : {}),
                };
                const fingerprint = JSON.stringify(body);
                // One key per attempt: a second click or a retry after a lost answer reuses it, so the
                // API replays the first booking; another slot or message is another attempt.
                if (!attempt.current || attempt.current.body !== fingerprint) {
                  attempt.current = { key: newIdempotencyKey(), body: fingerprint };
                }
                try {
                  const booked = await client.createEvent(body, attempt.current.key);
                  setAppointment(booked);
                  setNotice(undefined);
                  setStep('done');
                } catch (error) {
                  const e =
                    error instanceof BookingError
                      ? error
                      : new BookingError(0, 'ERROR', MESSAGES_FR.unexpectedError);
                  if (e.status === 409 && (e.code === 'SLOT_TAKEN' || e.code === 'SLOT_UNAVAILABLE')) {
                    attempt.current = null;
                    setSlot(null);
                    setNotice(SLOT_TAKEN_MESSAGE);
                    setStep('slot');
                  } else if (e.code === 'PHONE_NOT_VERIFIED') {
                    setAttendee({ ...attendee, phoneVerifiedAt: null });
                    setNotice(e.message);
                    setStep('verification');
                  } else if (e.status === 401) {
                    setAttendee(null);
                    setNotice(e.message);
                    setStep('identification');
                  } else {
                    if (e.code === 'IDEMPOTENCY_KEY_REUSED') attempt.current = null;
                    // Network or server trouble: the same key is kept, "Confirmer" again is safe.
                    throw e;
                  }
                }
              }}
            />
          ) : step === 'done' && appointment ? (
            <DoneStep headingRef={headingRef} appointment={appointment} sector={sector} onClose={onClose} />
          ) : (
            <StepShell headingRef={headingRef} title="Motif">
              <button type="button" className="button button--secondary" onClick={() => setStep('reason')}>
                Revenir au début
              </button>
            </StepShell>
          )}
        </div>
      </div>
    </dialog>
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

type HeadingRef = React.RefObject<HTMLHeadingElement | null>;

function StepShell({
  headingRef,
  title,
  children,
  onBack,
}: {
  headingRef: HeadingRef;
  title: string;
  children: ReactNode;
  onBack?: () => void;
}) {
  return (
    <section className="bd__step" aria-labelledby="bd-step-title">
      {onBack && (
        <button type="button" className="link-button bd__back" onClick={onBack}>
          <span aria-hidden="true">← </span>Retour
        </button>
      )}
      <h3 id="bd-step-title" className="bd__step-title" tabIndex={-1} ref={headingRef}>
        {title}
      </h3>
      {children}
    </section>
  );
}

// ---- step 1: reason (motive and mode) ----------------------------------------------------------------------

function ReasonStep({
  headingRef,
  motives,
  motiveId,
  mode,
  sector,
  slot,
  timezone,
  onMotive,
  onMode,
  onNext,
  onOtherSlot,
}: {
  headingRef: HeadingRef;
  motives: BookingMotive[];
  motiveId?: string;
  mode?: AppointmentMode;
  sector: Sector;
  slot: Slot | null;
  timezone: string;
  onMotive: (id: string) => void;
  onMode: (mode: AppointmentMode) => void;
  onNext: () => void;
  onOtherSlot: () => void;
}) {
  const [error, setError] = useState<string>();
  const motive = motives.find((m) => m.id === motiveId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!motive) return setError('Veuillez choisir le motif du rendez-vous');
    if (!mode) return setError('Veuillez choisir le type de rendez-vous');
    setError(undefined);
    onNext();
  };
  return (
    <StepShell headingRef={headingRef} title="Motif du rendez-vous">
      <form className="form" onSubmit={submit} noValidate>
        <fieldset className="bd__choices">
          <legend>Quel est le motif de votre rendez-vous&nbsp;?</legend>
          {motives.map((m) => (
            <label key={m.id} className="choice">
              <input
                type="radio"
                name="motive"
                value={m.id}
                checked={motiveId === m.id}
                onChange={() => onMotive(m.id)}
              />
              <span className="choice__text">
                {m.title}
                <span className="choice__sub">{m.durationMinutes} min</span>
              </span>
            </label>
          ))}
        </fieldset>
        {motive && (
          <fieldset className="bd__choices bd__choices--modes">
            <legend>Type de rendez-vous</legend>
            {motive.modes.map((m) => (
              <label key={m} className="choice">
                <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => onMode(m)} />
                <span className="choice__text">{modeLabel(m, sector)}</span>
              </label>
            ))}
          </fieldset>
        )}
        {slot && (
          <div className="bd__picked">
            <p>
              Créneau choisi&nbsp;: <strong>{lowerFirst(dateAtTime(slot.start, timezone))}</strong>
            </p>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                if (!motive) return setError('Veuillez choisir le motif du rendez-vous');
                if (!mode) return setError('Veuillez choisir le type de rendez-vous');
                onOtherSlot();
              }}
            >
              Choisir un autre créneau
            </button>
          </div>
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="bd__actions">
          <button type="submit" className="button button--primary">
            {slot ? 'Continuer' : 'Choisir un créneau'}
          </button>
        </div>
      </form>
    </StepShell>
  );
}

// ---- step 1b: the slot -------------------------------------------------------------------------------------

function SlotStep({
  headingRef,
  client,
  userId,
  motive,
  mode,
  selected,
  onBack,
  onPick,
}: {
  headingRef: HeadingRef;
  client: BookingClient;
  userId: string;
  motive: BookingMotive;
  mode: AppointmentMode;
  selected: Slot | null;
  onBack: () => void;
  onPick: (slot: Slot, timezone: string) => void;
}) {
  const [from, setFrom] = useState(() => localDay(new Date(), DEFAULT_TIMEZONE));
  const [state, setState] = useState<{ loading: boolean; error?: string; slots: Slot[]; timezone: string }>({
    loading: true,
    slots: [],
    timezone: DEFAULT_TIMEZONE,
  });
  const [daysShown, setDaysShown] = useState(DAYS_SHOWN);
  const today = localDay(new Date(), state.timezone);

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    client
      .slots(userId, { motiveId: motive.id, mode, from, to: addDays(from, SLOT_WINDOW_DAYS - 1) })
      .then((answer) => {
        if (live)
          setState({ loading: false, slots: answer.slots, timezone: answer.timezone || DEFAULT_TIMEZONE });
      })
      .catch((error: unknown) => {
        if (live)
          setState((s) => ({
            ...s,
            loading: false,
            error: error instanceof BookingError ? error.message : MESSAGES_FR.unexpectedError,
          }));
      });
    return () => {
      live = false;
    };
  }, [client, userId, motive.id, mode, from]);

  const tz = state.timezone;
  const days = new Map<string, Slot[]>();
  for (const s of state.slots) {
    const day = localDay(s.start, tz);
    days.set(day, [...(days.get(day) ?? []), s]);
  }
  const dayList = [...days.entries()];

  return (
    <StepShell headingRef={headingRef} title="Choisissez un créneau" onBack={onBack}>
      <p className="bd__summary">
        {motive.title} · {motive.durationMinutes} min
      </p>
      {state.loading ? (
        <p className="bd__loading" role="status">
          Recherche des créneaux libres…
        </p>
      ) : state.error ? (
        <p className="notice notice--error" role="alert">
          {state.error}
        </p>
      ) : dayList.length === 0 ? (
        <p className="empty">
          Aucun créneau libre du {shortDay(`${from}T12:00:00Z`, tz)} au{' '}
          {shortDay(`${addDays(from, SLOT_WINDOW_DAYS - 1)}T12:00:00Z`, tz)}.
        </p>
      ) : (
        <div className="bd__days">
          {dayList.slice(0, daysShown).map(([day, list]) => (
            <section key={day} className="bd__day" aria-labelledby={`bd-day-${day}`}>
              <h4 id={`bd-day-${day}`} className="bd__day-title">
                {capitalize(shortDay(list[0].start, tz))}
              </h4>
              <ul className="bd__times">
                {list.map((s) => (
                  <li key={s.start}>
                    <button
                      type="button"
                      className="slot-button"
                      aria-pressed={selected?.start === s.start}
                      aria-label={`${dateAtTime(s.start, tz)}`}
                      onClick={() => onPick(s, tz)}
                    >
                      {time(s.start, tz)}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {dayList.length > daysShown && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setDaysShown(daysShown + DAYS_SHOWN)}
            >
              Afficher plus de jours
            </button>
          )}
        </div>
      )}
      <div className="bd__pager">
        {from > today && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              const previous = addDays(from, -SLOT_WINDOW_DAYS);
              setFrom(previous < today ? today : previous);
              setDaysShown(DAYS_SHOWN);
            }}
          >
            Dates précédentes
          </button>
        )}
        {addDays(from, SLOT_WINDOW_DAYS) <= addDays(today, 89) && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setFrom(addDays(from, SLOT_WINDOW_DAYS));
              setDaysShown(DAYS_SHOWN);
            }}
          >
            Dates suivantes
          </button>
        )}
      </div>
    </StepShell>
  );
}

// ---- step 2: identification --------------------------------------------------------------------------------

function IdentificationStep({
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

// ---- step 3: verification (SMS code) -----------------------------------------------------------------------

function VerificationStep({
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

// ---- step 4: infos -----------------------------------------------------------------------------------------

function InfosStep({
  headingRef,
  attendee,
  notes,
  sector,
  onBack,
  onNext,
}: {
  headingRef: HeadingRef;
  attendee: Attendee;
  notes: string;
  sector: Sector;
  onBack: () => void;
  onNext: (notes: string) => void;
}) {
  return (
    <StepShell headingRef={headingRef} title="Vos informations" onBack={onBack}>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onNext(String(new FormData(e.currentTarget).get('notes') ?? '').slice(0, 2000));
        }}
      >
        <dl className="details details--compact">
          <div>
            <dt>Nom</dt>
            <dd>{attendeeName(attendee)}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{attendee.email}</dd>
          </div>
          <div>
            <dt>Téléphone</dt>
            <dd>
              {formatPhone(attendee.phone)}{' '}
              {attendee.phoneVerifiedAt && <span className="verified">✓ vérifié</span>}
            </dd>
          </div>
        </dl>
        <p className="form__hint">
          Ces informations sont transmises à {sector.words.definite}. Pour les modifier :{' '}
          <a href="/participant/profil" target="_blank" rel="noopener">
            mon profil <span className="visually-hidden">(nouvel onglet)</span>
          </a>
          .
        </p>
        <div className="field">
          <label htmlFor="bd-notes">
            Message pour {sector.words.definite} <span className="field__optional">(facultatif)</span>
          </label>
          <textarea
            id="bd-notes"
            name="notes"
            rows={4}
            maxLength={2000}
            defaultValue={notes}
            aria-describedby="bd-notes-hint"
          />
          <p id="bd-notes-hint" className="field__hint">
            Décrivez en quelques mots votre situation.
          </p>
        </div>
        <div className="bd__actions">
          <button type="submit" className="button button--primary">
            Continuer
          </button>
        </div>
      </form>
    </StepShell>
  );
}

// ---- step 5: confirm ---------------------------------------------------------------------------------------

function ConfirmStep({
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
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // A second click before the first render still sends nothing (and would reuse the key anyway).
  const inFlight = useRef(false);
  const confirm = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm();
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
      <p className="form__hint">
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
          disabled={busy}
          onClick={() => void confirm()}
        >
          {busy ? 'Réservation en cours…' : 'Confirmer le rendez-vous'}
        </button>
      </div>
    </StepShell>
  );
}

function DoneStep({
  headingRef,
  appointment,
  sector,
  onClose,
}: {
  headingRef: HeadingRef;
  appointment: Appointment;
  sector: Sector;
  onClose: () => void;
}) {
  return (
    <StepShell headingRef={headingRef} title="Demande de rendez-vous envoyée">
      <p className="notice notice--success" role="status">
        Votre demande pour le {lowerFirst(dateAtTime(appointment.start, appointment.timezone))} est
        enregistrée. Vous recevrez un email de confirmation dès que {sector.words.definite} l’aura validée.
      </p>
      <div className="bd__actions bd__actions--split">
        <button type="button" className="link-button" onClick={onClose}>
          Fermer
        </button>
        <a className="button button--primary" href={`/appointments/${appointment.refAppointment}`}>
          Voir mon rendez-vous
        </a>
      </div>
    </StepShell>
  );
}
