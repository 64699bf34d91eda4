import { useState, type FormEvent } from 'react';
import type { Sector } from '@rdv/sectors';
import { modeLabel, type AppointmentMode } from '../../../lib/appointments';
import { dateAtTime } from '../../../lib/dates';
import { priceLabel, type BookingMotive } from '../booking-client';
import type { Slot } from '../../../lib/directory';
import { StepShell } from './StepShell';
import { lowerFirst, type HeadingRef } from './wizard';

// ---- step 1: reason (motive and mode) ----------------------------------------------------------------------

export function ReasonStep({
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
                <span className="choice__sub">
                  {m.durationMinutes} min
                  {m.priceCents !== null ? ` · ${priceLabel(m)}` : ''}
                </span>
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
