import { useEffect, useState } from 'react';
import { MESSAGES_FR } from '@rdv/sectors';
import type { AppointmentMode } from '../../../lib/appointments';
import { addDays, dateAtTime, localDay, shortDay, time, DEFAULT_TIMEZONE } from '../../../lib/dates';
import { BookingError, type BookingClient, type BookingMotive } from '../booking-client';
import type { Slot } from '../../../lib/directory';
import { StepShell } from './StepShell';
import { capitalize, DAYS_SHOWN, SLOT_WINDOW_DAYS, type HeadingRef } from './wizard';

// ---- step 1b: the slot -------------------------------------------------------------------------------------

/**
 * The slot picker of the booking dialog: free slots by day, a window at a time, "Dates suivantes".
 * Also the appointment page's "Déplacer", so a client moves an appointment the way they booked it.
 */
export function SlotPicker({
  client,
  userId,
  motiveId,
  mode,
  selected,
  onPick,
}: {
  client: Pick<BookingClient, 'slots'>;
  userId: string;
  motiveId: string;
  mode: AppointmentMode;
  selected: Slot | null;
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
      .slots(userId, { motiveId, mode, from, to: addDays(from, SLOT_WINDOW_DAYS - 1) })
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
  }, [client, userId, motiveId, mode, from]);

  const tz = state.timezone;
  const days = new Map<string, Slot[]>();
  for (const s of state.slots) {
    const day = localDay(s.start, tz);
    days.set(day, [...(days.get(day) ?? []), s]);
  }
  const dayList = [...days.entries()];

  return (
    <>
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
    </>
  );
}

export function SlotStep({
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
  return (
    <StepShell headingRef={headingRef} title="Choisissez un créneau" onBack={onBack}>
      <p className="bd__summary">
        {motive.title} · {motive.durationMinutes} min
      </p>
      <SlotPicker
        client={client}
        userId={userId}
        motiveId={motive.id}
        mode={mode}
        selected={selected}
        onPick={onPick}
      />
    </StepShell>
  );
}
