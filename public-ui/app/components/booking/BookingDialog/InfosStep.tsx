import type { Sector } from '@rdv/sectors';
import { attendeeName, formatPhone, type Attendee } from '../../../lib/attendee';
import { StepShell } from './StepShell';
import type { HeadingRef } from './wizard';

// ---- step 4: infos -----------------------------------------------------------------------------------------

export function InfosStep({
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
