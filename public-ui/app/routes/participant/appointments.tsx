import { Link } from 'react-router';
import type { Route } from './+types/appointments';
import { callApi, requireAttendee } from '../../lib/attendee-session.server';
import { modeLabel, professionalName, statusLabel, type Appointment } from '../../lib/appointments';
import { attendeeName } from '../../lib/attendee';
import { dateAtTime } from '../../lib/dates';
import { useSector } from '../../lib/root-data';
import { pageMeta } from '../../lib/seo';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: 'Mes rendez-vous', description: 'Vos rendez-vous.', noindex: true });
}

export async function loader({ request }: Route.LoaderArgs) {
  const { attendee, token } = await requireAttendee(request);
  const answer = await callApi(
    request,
    (api) =>
      api.GET('/api/v1/attendees/{id}/events', {
        params: { path: { id: attendee._id }, query: { limit: 100 } },
      }),
    { token },
  );
  const list = answer.ok && Array.isArray(answer.body?.data) ? answer.body.data : [];
  // docs/product.md §4: awaiting validation, upcoming, past; cancelled and refused ones apart.
  const now = Date.now();
  const future = (a: Appointment) => Date.parse(a.end) > now;
  const soonest = (a: Appointment, b: Appointment) => Date.parse(a.start) - Date.parse(b.start);
  return {
    name: attendeeName(attendee),
    failed: !answer.ok,
    pending: list.filter((a) => future(a) && a.status === 'pending').sort(soonest),
    upcoming: list.filter((a) => future(a) && a.status === 'confirmed').sort(soonest),
    past: list
      .filter((a) => !future(a) && (a.status === 'pending' || a.status === 'confirmed'))
      .sort((a, b) => Date.parse(b.start) - Date.parse(a.start)),
    cancelled: list
      .filter((a) => a.status === 'cancelled' || a.status === 'refused')
      .sort((a, b) => Date.parse(b.start) - Date.parse(a.start)),
  };
}

function AppointmentList({ items, empty }: { items: Appointment[]; empty: string }) {
  const sector = useSector();
  if (items.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ul className="rdv-list">
      {items.map((a) => (
        <li key={a._id} className="rdv-card">
          <Link to={`/appointments/${a.refAppointment}`} className="rdv-card__link">
            <span className="rdv-card__when">{dateAtTime(a.start, a.timezone)}</span>
            <span className="rdv-card__who">{professionalName(a.professional, sector)}</span>
            <span className="rdv-card__what">
              {[a.motive?.title, modeLabel(a.mode, sector)].filter(Boolean).join(' · ')}
            </span>
          </Link>
          <span className={`status-badge status-badge--${a.status}`}>{statusLabel(a.status)}</span>
        </li>
      ))}
    </ul>
  );
}

export default function MyAppointments({ loaderData }: Route.ComponentProps) {
  const sector = useSector();
  const { pending, upcoming, past, cancelled, failed, name } = loaderData;
  return (
    <>
      <h1>Mes rendez-vous</h1>
      <p className="page__lead">Bonjour {name}.</p>
      {failed && (
        <p className="notice notice--error" role="alert">
          Vos rendez-vous n’ont pas pu être chargés. Veuillez réessayer dans quelques instants.
        </p>
      )}
      {pending.length > 0 && (
        <section aria-labelledby="pending-title" className="space__section">
          <h2 id="pending-title">En attente de validation</h2>
          <p className="form__hint">
            Le créneau vous est réservé. Vous recevrez un email dès que {sector.words.definite} aura validé.
          </p>
          <AppointmentList items={pending} empty="" />
        </section>
      )}
      <section aria-labelledby="upcoming-title" className="space__section">
        <h2 id="upcoming-title">À venir</h2>
        <AppointmentList
          items={upcoming}
          empty={
            pending.length > 0
              ? 'Aucun rendez-vous confirmé pour le moment.'
              : `Aucun rendez-vous à venir. Trouvez ${sector.words.indefinite} et prenez rendez-vous en ligne.`
          }
        />
        {upcoming.length === 0 && pending.length === 0 && (
          <Link to={`/${sector.routes.directory}`} className="button button--primary">
            Trouver {sector.words.indefinite}
          </Link>
        )}
      </section>
      <section aria-labelledby="past-title" className="space__section">
        <h2 id="past-title">Passés</h2>
        <AppointmentList items={past} empty="Aucun rendez-vous passé." />
      </section>
      <section aria-labelledby="cancelled-title" className="space__section">
        <h2 id="cancelled-title">Annulés</h2>
        <AppointmentList items={cancelled} empty="Aucun rendez-vous annulé." />
      </section>
    </>
  );
}
