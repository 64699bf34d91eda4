import { useState } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { MESSAGES_FR, wordsFor } from '@rdv/sectors';
import type { Route } from './+types/events-responses';
import { callApi } from '../lib/attendee-session.server';
import { currentSector } from '../lib/config.server';
import { modeLabel, professionalName } from '../lib/appointments';
import { addDays, dateAtTime, localDay, longDate, time, zonedToIso } from '../lib/dates';
import { useSector } from '../lib/root-data';
import { pageMeta } from '../lib/seo';

const MAX_RANGES = 20;
const INITIAL_ROWS = 3;
const eventPath = (id_event: string) => ({ path: { id_event } });

export async function loader({ request, params }: Route.LoaderArgs) {
  const answer = await callApi(request, (api) =>
    api.GET('/api/v1/events-responses/{id_event}', { params: eventPath(params.id_event) }),
  );
  if (answer.status === 404 || answer.status === 400) throw data(null, { status: 404 });
  if (!answer.ok) throw data(null, { status: 503 });
  return { view: answer.body, today: localDay(new Date(), answer.body.timezone) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Mes disponibilités',
    description: 'Indiquez vos disponibilités pour votre rendez-vous.',
    noindex: true,
  });
}

type Row = { day: string; from: string; to: string };
type ActionResult =
  { sent: true; message: string } | { sent: false; error: string; rows: Row[]; message: string };

export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const days = form.getAll('day').map(String);
  const froms = form.getAll('from').map(String);
  const tos = form.getAll('to').map(String);
  const message = String(form.get('message') ?? '')
    .trim()
    .slice(0, 2000);
  const rows: Row[] = days.map((day, i) => ({
    day: day.trim(),
    from: (froms[i] ?? '').trim(),
    to: (tos[i] ?? '').trim(),
  }));
  const filled = rows.filter((r) => r.day || r.from || r.to);
  const fail = (error: string, status = 400) =>
    data<ActionResult>({ sent: false, error, rows, message }, { status });

  // The appointment's zone: the ranges are typed in it.
  const view = await callApi(request, (api) =>
    api.GET('/api/v1/events-responses/{id_event}', { params: eventPath(params.id_event) }),
  );
  if (!view.ok) return fail(view.message ?? MESSAGES_FR.unexpectedError, view.status === 404 ? 404 : 400);
  const tz = view.body.timezone;

  if (filled.length === 0) return fail('Indiquez au moins une disponibilité');
  if (filled.length > MAX_RANGES) return fail(`Indiquez au plus ${MAX_RANGES} disponibilités`);
  const availabilities: Array<{ start: string; end: string }> = [];
  for (const row of filled) {
    const start = zonedToIso(row.day, row.from, tz);
    const end = zonedToIso(row.day, row.to, tz);
    if (!start || !end)
      return fail('Pour chaque disponibilité, indiquez le jour, l’heure de début et l’heure de fin');
    if (Date.parse(end) <= Date.parse(start)) return fail('Chaque disponibilité doit finir après son début');
    if (Date.parse(end) <= Date.now()) return fail('Les disponibilités doivent être dans le futur');
    availabilities.push({ start, end });
  }
  const answer = await callApi(request, (api) =>
    api.POST('/api/v1/events-responses/{id_event}', {
      params: eventPath(params.id_event),
      body: { availabilities, ...(message ? { message } : {}) },
    }),
  );
  if (answer.ok) {
    return {
      sent: true,
      message: MESSAGES_FR.availabilitiesTaken(currentSector().words.definite),
    } satisfies ActionResult;
  }
  return fail(answer.message ?? MESSAGES_FR.unexpectedError);
}

export default function EventsResponses({ loaderData, actionData }: Route.ComponentProps) {
  const sector = useSector();
  const navigation = useNavigation();
  const { view, today } = loaderData;
  const result = actionData as ActionResult | undefined;
  const failed = result && !result.sent ? result : undefined;
  const initialRows = failed?.rows.length
    ? failed.rows
    : Array.from({ length: INITIAL_ROWS }, () => ({ day: '', from: '', to: '' }));
  const [rows, setRows] = useState<Array<Row & { key: number }>>(() =>
    initialRows.map((r, key) => ({ ...r, key })),
  );
  const [nextKey, setNextKey] = useState(initialRows.length);
  const tz = view.timezone;
  const pro = professionalName(view.professional, sector);
  const words = wordsFor(sector, view.professional.civility);

  return (
    <div className="container page page--narrow">
      <h1>Vos disponibilités</h1>
      <section className="card" aria-labelledby="er-title">
        <h2 id="er-title">Rendez-vous avec {pro}</h2>
        <dl className="details">
          {view.motive && (
            <div>
              <dt>Motif</dt>
              <dd>{view.motive.title}</dd>
            </div>
          )}
          <div>
            <dt>Mode</dt>
            <dd>{modeLabel(view.mode, sector)}</dd>
          </div>
          <div>
            <dt>Créneau initial</dt>
            <dd>
              {dateAtTime(view.start, tz)} – {time(view.end, tz)}
            </dd>
          </div>
        </dl>
        {view.requestMessage && (
          <blockquote className="quote">
            <p className="quote__who">Message de {pro}&nbsp;:</p>
            <p className="details__pre">{view.requestMessage}</p>
          </blockquote>
        )}
      </section>

      {result?.sent ? (
        <p className="notice notice--success page__notice" role="status">
          {result.message}
        </p>
      ) : !view.open ? (
        <p className="notice page__notice" role="status">
          Ce rendez-vous n’attend plus vos disponibilités.
        </p>
      ) : (
        <section className="card" aria-labelledby="er-form-title">
          <h2 id="er-form-title">Quand êtes-vous disponible&nbsp;?</h2>
          <p className="form__hint">
            {words.definite.charAt(0).toUpperCase() + words.definite.slice(1)} a besoin de vos disponibilités
            pour fixer le rendez-vous. Indiquez une ou plusieurs plages (heure de{' '}
            {tz === 'Europe/Paris' ? 'Paris' : tz}).
          </p>
          <Form method="post" className="form">
            {failed && (
              <p className="notice notice--error" role="alert">
                {failed.error}
              </p>
            )}
            <ol className="ranges">
              {rows.map((row, i) => (
                <li key={row.key} className="range">
                  <fieldset>
                    <legend>Disponibilité {i + 1}</legend>
                    <div className="range__fields">
                      <div className="field">
                        <label htmlFor={`er-day-${row.key}`}>Jour</label>
                        <input
                          id={`er-day-${row.key}`}
                          name="day"
                          type="date"
                          min={today}
                          max={addDays(today, 365)}
                          defaultValue={row.day}
                        />
                      </div>
                      <div className="field">
                        <label htmlFor={`er-from-${row.key}`}>De</label>
                        <input
                          id={`er-from-${row.key}`}
                          name="from"
                          type="time"
                          step={900}
                          defaultValue={row.from}
                        />
                      </div>
                      <div className="field">
                        <label htmlFor={`er-to-${row.key}`}>À</label>
                        <input
                          id={`er-to-${row.key}`}
                          name="to"
                          type="time"
                          step={900}
                          defaultValue={row.to}
                        />
                      </div>
                    </div>
                    {rows.length > 1 && (
                      <button
                        type="button"
                        className="link-button range__remove"
                        onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
                      >
                        Retirer la disponibilité {i + 1}
                      </button>
                    )}
                  </fieldset>
                </li>
              ))}
            </ol>
            {rows.length < MAX_RANGES && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setRows([...rows, { day: '', from: '', to: '', key: nextKey }]);
                  setNextKey(nextKey + 1);
                }}
              >
                Ajouter une disponibilité
              </button>
            )}
            <div className="field">
              <label htmlFor="er-message">
                Message <span className="field__optional">(facultatif)</span>
              </label>
              <textarea
                id="er-message"
                name="message"
                rows={3}
                maxLength={2000}
                defaultValue={failed?.message}
              />
            </div>
            <button
              type="submit"
              className="button button--primary"
              disabled={navigation.state === 'submitting'}
            >
              {navigation.state === 'submitting' ? 'Envoi…' : 'Envoyer mes disponibilités'}
            </button>
          </Form>
        </section>
      )}

      {view.responses.length > 0 && !result?.sent && (
        <section className="card" aria-labelledby="er-sent-title">
          <h2 id="er-sent-title">Déjà envoyées</h2>
          <ul className="plain-list">
            {view.responses.flatMap((r) =>
              r.availabilities.map((range) => (
                <li key={`${r.id}-${range.start}`}>
                  {longDate(range.start, tz)}, de {time(range.start, tz)} à {time(range.end, tz)}
                </li>
              )),
            )}
          </ul>
        </section>
      )}
    </div>
  );
}
