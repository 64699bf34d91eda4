import { DocumentUploadForm } from '../components/DocumentUploadForm';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { data, Form, Link, useNavigation, useSearchParams } from 'react-router';
import { MESSAGES_FR, wordsFor } from '@rdv/sectors';
import type { Route } from './+types/appointment';
import { callApi, currentAttendee } from '../lib/attendee-session.server';
import { currentSector } from '../lib/config.server';
import { modeLabel, professionalName, statusLabel } from '../lib/appointments';
import { dateAtTime, time } from '../lib/dates';
import { useSector } from '../lib/root-data';
import type { Slot } from '../lib/directory';
import { pageMeta } from '../lib/seo';

// The booking's slot picker and its styles: fetched when the attendee chooses to move the appointment (from the
// intent on: pointing at, focusing or touching "Déplacer le rendez-vous"), so the picker shows without waiting.
const loadReschedulePicker = () => import('../components/booking/ReschedulePicker');
const ReschedulePicker = lazy(loadReschedulePicker);
const preloadReschedulePicker = () => void loadReschedulePicker().catch(() => undefined);

const refPath = (ref: string) => `/api/v1/appointments/${encodeURIComponent(ref)}`;

export async function loader({ request, params }: Route.LoaderArgs) {
  const answer = await callApi(request, (api) =>
    api.GET('/api/v1/appointments/{refAppointment}', {
      params: { path: { refAppointment: params.refAppointment } },
    }),
  );
  if (answer.status === 404 || answer.status === 400) throw data(null, { status: 404 });
  if (!answer.ok) throw data(null, { status: 503 });
  const appointment = answer.body;
  // "Déplacer": the slot picker of the booking dialog loads the free slots of the same motive and mode.
  const movable =
    (appointment.status === 'pending' || appointment.status === 'confirmed') &&
    appointment.motive &&
    Date.parse(appointment.start) > Date.now();
  return { appointment, movable: Boolean(movable), sent: await documentsSent(request, appointment) };
}

type SentDocuments =
  | { signedIn: false }
  | {
      signedIn: true;
      folderId: string | null;
      documents: { id: string; label: string; created_at: string }[];
    };

/**
 * The documents already in the client's folder with this professional, shown under the upload form. The page is
 * reached by its reference alone (a mail's link): the folder is read only for the signed-in client whose
 * appointment it is; anyone else is invited to sign in, and sees no file name.
 */
async function documentsSent(
  request: Request,
  appointment: { attendee_id: string | null; user_id: string },
): Promise<SentDocuments> {
  const session = await currentAttendee(request);
  if (!session || session.attendee._id !== appointment.attendee_id) return { signedIn: false };
  const { token } = session;
  const list = await callApi(
    request,
    (api) => api.GET('/api/v1/attendees/{id}/folders', { params: { path: { id: session.attendee._id } } }),
    { token },
  );
  const withThisProfessional = (list.ok ? list.body : []).filter(
    (folder) => folder.professional.id === appointment.user_id,
  );
  const folder = withThisProfessional.find((f) => !f.archived) ?? withThisProfessional[0];
  if (!folder) return { signedIn: true, folderId: null, documents: [] };
  const detail = await callApi(
    request,
    (api) => api.GET('/api/v1/folders/{folderId}', { params: { path: { folderId: folder.id } } }),
    { token },
  );
  const documents = detail.ok
    ? detail.body.documents.map(({ id, label, created_at }) => ({ id, label, created_at }))
    : [];
  return { signedIn: true, folderId: folder.id, documents };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Mon rendez-vous',
    description: 'Le détail de votre rendez-vous.',
    noindex: true,
  });
}

type ActionResult =
  | { cancelled: true; message: string }
  | { cancelled: false; error: string }
  | { rescheduled: boolean; rescheduleMessage: string };

/** The attendee cancels (POST /api/v1/appointments/{ref}/cancel) or sends a document; the reference is the authority. */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('intent') === 'reschedule') {
    const start = String(form.get('start') ?? '');
    const answer = await callApi(request, (api) =>
      api.POST('/api/v1/appointments/{refAppointment}/reschedule', {
        params: { path: { refAppointment: params.refAppointment } },
        body: { start },
      }),
    );
    if (answer.ok)
      return { rescheduled: true, rescheduleMessage: answer.body.message } satisfies ActionResult;
    return data<ActionResult>(
      { rescheduled: false, rescheduleMessage: answer.message ?? MESSAGES_FR.unexpectedError },
      { status: answer.status === 404 ? 404 : 400 },
    );
  }
  const reason = String(form.get('reason') ?? '')
    .trim()
    .slice(0, 1000);
  const answer = await callApi(request, (api) =>
    api.POST('/api/v1/appointments/{refAppointment}/cancel', {
      params: { path: { refAppointment: params.refAppointment } },
      body: reason ? { reason } : {},
    }),
  );
  if (answer.ok) {
    return {
      cancelled: true,
      message: MESSAGES_FR.appointmentCancelled(currentSector().words.definite),
    } satisfies ActionResult;
  }
  return data<ActionResult>(
    { cancelled: false, error: answer.message ?? MESSAGES_FR.unexpectedError },
    { status: answer.status === 404 ? 404 : 400 },
  );
}

function SentDocumentsList({ sent, refAppointment }: { sent: SentDocuments; refAppointment: string }) {
  if (!sent.signedIn)
    return (
      <p className="form__hint">
        <Link
          to={`/participant/connexion?redirectTo=${encodeURIComponent(`/appointments/${refAppointment}`)}`}
        >
          Connectez-vous
        </Link>{' '}
        pour voir les documents déjà transmis.
      </p>
    );
  if (sent.documents.length === 0 || !sent.folderId)
    return <p className="form__hint">Aucun document transmis pour le moment.</p>;
  return (
    <>
      <h3>Documents déjà transmis</h3>
      <ul className="folder__documents">
        {sent.documents.map((document) => (
          <li key={document.id}>
            <a href={`/participant/documents/${sent.folderId}/${document.id}`}>{document.label}</a>{' '}
            <span className="details__sub">
              le {new Date(document.created_at).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function AppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const sector = useSector();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { appointment: a, movable, sent = { signedIn: false } as SentDocuments } = loaderData;
  const [picked, setPicked] = useState<Slot | null>(null);
  const moving = params.has('deplacer') && movable;
  const result = actionData as ActionResult | undefined;
  const cancelledNow = result !== undefined && 'cancelled' in result && result.cancelled;
  const cancelError =
    result !== undefined && 'cancelled' in result && !result.cancelled ? result.error : undefined;
  const reschedule = result !== undefined && 'rescheduled' in result ? result : undefined;
  // On a phone the cancel form sits below the fold: bring the confirmation into view and focus.
  const confirmationRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!cancelledNow) return;
    confirmationRef.current?.scrollIntoView({ block: 'start' });
    confirmationRef.current?.focus();
  }, [cancelledNow]);
  const status = cancelledNow ? 'cancelled' : a.status;
  const confirming = params.has('annulation') && a.cancellable && !cancelledNow;
  const tz = a.timezone;
  const pro = professionalName(a.professional, sector);
  // The page names one professional: "l'avocate", "la notaire"... after their civility.
  const words = wordsFor(sector, a.professional.civility);
  const icsHref = `${refPath(a.refAppointment)}/ics`;
  const submitting = navigation.state === 'submitting';

  return (
    <div className="container page page--narrow">
      <h1>Mon rendez-vous</h1>
      {cancelledNow && (
        <p className="notice notice--success" role="status" ref={confirmationRef} tabIndex={-1}>
          {MESSAGES_FR.appointmentCancelled(words.definite, words.e)}
        </p>
      )}
      <article className="card appointment" aria-labelledby="appointment-title">
        <p className={`status-badge status-badge--${status}`}>{statusLabel(status)}</p>
        <h2 id="appointment-title" className="appointment__when">
          {dateAtTime(a.start, tz)}
          <span className="appointment__until"> – {time(a.end, tz)}</span>
        </h2>
        <dl className="details">
          <div>
            <dt>Avec</dt>
            <dd>
              <a href={`/${sector.routes.profile}/${a.professional.userUri}`}>{pro}</a>
              {a.professional.office && <span className="details__sub">{a.professional.office}</span>}
            </dd>
          </div>
          {a.motive && (
            <div>
              <dt>Motif</dt>
              <dd>{a.motive.title}</dd>
            </div>
          )}
          <div>
            <dt>Mode</dt>
            <dd>{modeLabel(a.mode, sector)}</dd>
          </div>
          {a.mode === 'in_person' && a.location && (
            <div>
              <dt>Adresse</dt>
              <dd>
                {a.location}{' '}
                <a
                  className="details__sub"
                  href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(a.location)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Voir sur la carte
                </a>
              </dd>
            </div>
          )}
          {a.mode === 'visio' && (
            <div>
              <dt>Lien de visio</dt>
              <dd>
                {a.visioUrl && status === 'confirmed' ? (
                  <a href={a.visioUrl} target="_blank" rel="noopener noreferrer">
                    Rejoindre la visio
                  </a>
                ) : status === 'pending' || status === 'confirmed' ? (
                  <span className="details__sub">
                    Le lien sera disponible une fois le rendez-vous confirmé.
                  </span>
                ) : (
                  <span className="details__sub">Pas de visio : ce rendez-vous n’aura pas lieu.</span>
                )}
              </dd>
            </div>
          )}
          {a.mode === 'phone' && (
            <div>
              <dt>Téléphone</dt>
              <dd>
                {status === 'confirmed' && a.professional.telephone ? (
                  <a href={`tel:${a.professional.telephone}`}>{a.professional.telephone}</a>
                ) : (
                  <span className="details__sub">
                    {words.definite.charAt(0).toUpperCase() + words.definite.slice(1)} vous appellera à
                    l’heure du rendez-vous.
                  </span>
                )}
              </dd>
            </div>
          )}
          {a.notes && (
            <div>
              <dt>Votre message</dt>
              <dd className="details__pre">{a.notes}</dd>
            </div>
          )}
          {status === 'refused' && a.refusalReason && (
            <div>
              <dt>Raison du refus</dt>
              <dd>{a.refusalReason}</dd>
            </div>
          )}
          {a.feeAgreement && (
            <div>
              <dt>Convention d’honoraires</dt>
              <dd>
                Convention signée le{' '}
                {new Date(a.feeAgreement.acceptedAt).toLocaleDateString('fr-FR', {
                  timeZone: 'Europe/Paris',
                })}{' '}
                ·{' '}
                <a href={`/appointments/${a.refAppointment}/convention-honoraires.pdf`} download>
                  Télécharger (PDF)
                </a>
              </dd>
            </div>
          )}
        </dl>
        {status === 'confirmed' && a.proposal && (
          <p className="notice notice--muted" role="status">
            Vous avez demandé à déplacer ce rendez-vous au {dateAtTime(a.proposal.start, tz)}. Tant que{' '}
            {words.definite} n’a pas accepté, votre rendez-vous reste confirmé à l’horaire ci-dessus.
          </p>
        )}
        {status === 'pending' && (
          <p className="form__hint">
            Votre demande a été transmise. Vous recevrez un email de confirmation dès que {words.definite}{' '}
            l’aura validée.
          </p>
        )}
        {(status === 'pending' || status === 'confirmed') && (
          <div className="appointment__actions">
            <a className="button button--secondary" href={icsHref} download>
              Ajouter à mon agenda
            </a>
            {movable && !moving && !cancelledNow && (
              <Link
                to="?deplacer"
                className="button button--ghost"
                preventScrollReset
                onPointerEnter={preloadReschedulePicker}
                onFocus={preloadReschedulePicker}
                onTouchStart={preloadReschedulePicker}
              >
                Déplacer le rendez-vous
              </Link>
            )}
            {a.cancellable && !confirming && (
              <Link to="?annulation" className="button button--ghost" preventScrollReset>
                Annuler le rendez-vous
              </Link>
            )}
          </div>
        )}
      </article>

      {reschedule?.rescheduled && (
        <p className="notice notice--success" role="status">
          {reschedule.rescheduleMessage}
        </p>
      )}
      {moving && !reschedule?.rescheduled && (
        <section className="card" aria-labelledby="move-title">
          <h2 id="move-title">Choisir un autre créneau</h2>
          <p className="form__hint">
            {a.status === 'confirmed'
              ? `Même motif et même mode. Votre rendez-vous reste confirmé à son horaire actuel tant que ${words.definite} n’a pas accepté le nouveau créneau.`
              : `Même motif et même mode ; ${words.definite} devra valider le nouveau créneau.`}
          </p>
          {reschedule && !reschedule.rescheduled && (
            <p className="notice notice--error" role="alert">
              {reschedule.rescheduleMessage}
            </p>
          )}
          <Suspense fallback={<p role="status">Chargement des créneaux…</p>}>
            <ReschedulePicker
              userId={a.user_id}
              motiveId={a.motive!.id}
              mode={a.mode}
              selected={picked}
              onPick={(slot) => setPicked(slot)}
            />
          </Suspense>
          <Form method="post" className="form" preventScrollReset>
            <input type="hidden" name="intent" value="reschedule" />
            <input type="hidden" name="start" value={picked?.start ?? ''} />
            {picked && (
              <p className="form__hint" role="status">
                Nouveau créneau choisi : {dateAtTime(picked.start, tz)}
              </p>
            )}
            <div className="form__actions">
              <button type="submit" className="button button--primary" disabled={submitting || !picked}>
                Demander ce créneau
              </button>
              <Link to="." replace className="button button--ghost" preventScrollReset>
                Garder l’horaire actuel
              </Link>
            </div>
          </Form>
        </section>
      )}

      {confirming && (
        <section className="card card--warning" aria-labelledby="cancel-title">
          <h2 id="cancel-title">Annuler ce rendez-vous ?</h2>
          <p>
            {words.definite.charAt(0).toUpperCase() + words.definite.slice(1)} sera informé{words.e} de
            l’annulation. Le créneau sera libéré.
          </p>
          <Form method="post" className="form" replace>
            {cancelError && (
              <p className="notice notice--error" role="alert">
                {cancelError}
              </p>
            )}
            <div className="field">
              <label htmlFor="cancel-reason">
                Raison <span className="field__optional">(facultatif)</span>
              </label>
              <textarea id="cancel-reason" name="reason" rows={3} maxLength={1000} />
            </div>
            <div className="form__actions">
              <button type="submit" className="button button--danger" disabled={submitting}>
                {submitting ? 'Annulation…' : 'Oui, annuler le rendez-vous'}
              </button>
              <Link to="." replace className="button button--ghost" preventScrollReset>
                Non, garder le rendez-vous
              </Link>
            </div>
          </Form>
        </section>
      )}

      {(status === 'pending' || status === 'confirmed') && (
        <section className="card" aria-labelledby="documents-title">
          <h2 id="documents-title">Documents à transmettre à {words.yours}</h2>
          <p className="form__hint">
            PDF, images ou documents Office, 25 Mo au plus. Ils sont analysés par un antivirus puis rangés
            dans votre dossier, visible seulement par vous et {words.yours}.
          </p>
          <SentDocumentsList sent={sent} refAppointment={a.refAppointment} />
          <DocumentUploadForm
            target={{ refAppointment: a.refAppointment }}
            inputId="document"
            label="Document"
            successMessage={(label) =>
              `Document « ${label} » transmis. Il est dans votre dossier, visible par vous et votre ${words.singular}.`
            }
          />
        </section>
      )}

      <p className="page__foot">
        <Link to="/participant/mes-rdvs">Voir tous mes rendez-vous</Link>
      </p>
    </div>
  );
}
