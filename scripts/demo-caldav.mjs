#!/usr/bin/env node
// The demo's CalDAV account: a real Radicale server (Debian's, started by scripts/start-stack.sh for STACK=demo)
// holding the demo lawyer's "Agenda du cabinet", connected to the demo lawyer through the product's own API, so
// `npm run demo` shows a synced calendar and a newcomer can watch a sync happen (README, "Calendar synchronisation").
//   node scripts/demo-caldav.mjs config <dir> <port>   writes Radicale's config and users into <dir>
//   node scripts/demo-caldav.mjs connect <caldavUrl> <apiUrl>   calendar + events in Radicale, then the connection
// Both steps are idempotent: a demo restarted on the same database keeps its one connection.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const DEMO_CALDAV = { username: 'avocat.demo', password: 'DemoCaldav2026!', calendar: 'cabinet' };
const DEMO_LAWYER = { username: 'avocat.demo', password: 'DemoAvocat2026!' };

function writeConfig(dir, port) {
  mkdirSync(path.join(dir, 'collections'), { recursive: true });
  writeFileSync(path.join(dir, 'users'), `${DEMO_CALDAV.username}:${DEMO_CALDAV.password}\n`, {
    mode: 0o600,
  });
  writeFileSync(
    path.join(dir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${path.join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${path.join(dir, 'collections')}`,
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
}

const basic = `Basic ${Buffer.from(`${DEMO_CALDAV.username}:${DEMO_CALDAV.password}`).toString('base64')}`;

/** YYYYMMDD of the next `weekday` (1 = Monday) at least `minDays` from now, in Paris. */
function nextWeekday(weekday, minDays) {
  const day = new Date(Date.now() + minDays * 86_400_000);
  while (((day.getUTCDay() + 6) % 7) + 1 !== weekday) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10).replaceAll('-', '');
}

/**
 * What a lawyer's own calendar typically holds, outside the hours clients book: a weekly hearing (Tuesday
 * mornings), lunches of the bar's commission, a legal-aid desk at lunchtime, a site visit after hours, a training
 * day and a free (transparent) reminder. Their titles show in the agenda once the lawyer asks for them.
 */
function demoEvents() {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
  const vevent = (uid, lines) =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//RDV Avocat//Demo//FR',
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `DTSTAMP:${stamp}`,
    ]
      .concat(lines, ['END:VEVENT', 'END:VCALENDAR', ''])
      .join('\r\n');
  const tuesday = nextWeekday(2, 1);
  const training = nextWeekday(4, 7);
  const trainingEnd = nextWeekday(5, 7);
  const friday = nextWeekday(5, 1);
  const monday = nextWeekday(1, 0);
  const wednesday = nextWeekday(3, 1);
  const thursday = nextWeekday(4, 0);
  return {
    'audience-hebdo.ics': vevent('demo-audience-hebdo@rdv-avocat.localhost', [
      'SUMMARY:Audiences – Tribunal judiciaire',
      `DTSTART;TZID=Europe/Paris:${tuesday}T090000`,
      `DTEND;TZID=Europe/Paris:${tuesday}T120000`,
      'RRULE:FREQ=WEEKLY;COUNT=12',
    ]),
    'formation.ics': vevent('demo-formation@rdv-avocat.localhost', [
      'SUMMARY:Formation continue (journée)',
      `DTSTART;VALUE=DATE:${training}`,
      `DTEND;VALUE=DATE:${trainingEnd}`,
    ]),
    'dejeuner-ordre.ics': vevent('demo-dejeuner-ordre@rdv-avocat.localhost', [
      'SUMMARY:Déjeuner – commission de l’Ordre',
      `DTSTART;TZID=Europe/Paris:${monday}T123000`,
      `DTEND;TZID=Europe/Paris:${monday}T140000`,
      'RRULE:FREQ=WEEKLY;COUNT=12',
    ]),
    'permanence.ics': vevent('demo-permanence@rdv-avocat.localhost', [
      'SUMMARY:Permanence juridique – mairie',
      `DTSTART;TZID=Europe/Paris:${thursday}T123000`,
      `DTEND;TZID=Europe/Paris:${thursday}T140000`,
      'RRULE:FREQ=WEEKLY;COUNT=12',
    ]),
    'expertise.ics': vevent('demo-expertise@rdv-avocat.localhost', [
      'SUMMARY:Expertise judiciaire – accedit sur place',
      `DTSTART;TZID=Europe/Paris:${wednesday}T183000`,
      `DTEND;TZID=Europe/Paris:${wednesday}T200000`,
    ]),
    'rappel-libre.ics': vevent('demo-rappel@rdv-avocat.localhost', [
      'SUMMARY:Rappel : relire les conclusions (ne bloque pas)',
      `DTSTART;TZID=Europe/Paris:${friday}T140000`,
      `DTEND;TZID=Europe/Paris:${friday}T150000`,
      'TRANSP:TRANSPARENT',
    ]),
  };
}

async function ensureCalendar(caldavUrl) {
  const collection = `${caldavUrl}/${DEMO_CALDAV.username}/${DEMO_CALDAV.calendar}/`;
  const probe = await fetch(collection, {
    method: 'PROPFIND',
    headers: { authorization: basic, depth: '0' },
  });
  if (probe.status === 404) {
    const body =
      '<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">' +
      '<D:set><D:prop><D:displayname>Agenda du cabinet</D:displayname>' +
      '<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>' +
      '</D:prop></D:set></C:mkcalendar>';
    const made = await fetch(collection, { method: 'MKCALENDAR', headers: { authorization: basic }, body });
    if (made.status !== 201) throw new Error(`MKCALENDAR ${collection}: ${made.status}`);
  }
  // Written at every start (a PUT replaces the object of the same name): the demo week stays ahead of today.
  for (const [name, ics] of Object.entries(demoEvents())) {
    const put = await fetch(collection + name, {
      method: 'PUT',
      headers: { authorization: basic, 'content-type': 'text/calendar; charset=utf-8' },
      body: ics,
    });
    if (put.status >= 300) throw new Error(`PUT ${name}: ${put.status}`);
  }
  return collection;
}

async function api(apiUrl, method, pathName, token, body) {
  const response = await fetch(`${apiUrl}/api/v1${pathName}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${pathName}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function connect(caldavUrl, apiUrl) {
  await ensureCalendar(caldavUrl);
  const { token, user } = await api(apiUrl, 'POST', '/login', undefined, DEMO_LAWYER);
  const userId = user._id;
  const existing = await api(apiUrl, 'GET', `/users/${userId}/calendar-connections`, token);
  if (existing.some((c) => c.serverUrl?.startsWith(caldavUrl))) return 'already connected';
  const connection = await api(apiUrl, 'POST', `/users/${userId}/calendar-connections/caldav`, token, {
    provider: 'caldav',
    serverUrl: `${caldavUrl}/`,
    username: DEMO_CALDAV.username,
    password: DEMO_CALDAV.password,
  });
  const calendar =
    connection.calendars.find((c) => c.displayName === 'Agenda du cabinet') ?? connection.calendars[0];
  if (!calendar) throw new Error('the demo calendar was not listed');
  await api(
    apiUrl,
    'PATCH',
    `/users/${userId}/calendar-connections/${connection.id}/calendars/${calendar.id}`,
    token,
    {
      useForBusy: true,
      isWriteTarget: true,
    },
  );
  return `connected (${calendar.displayName})`;
}

const [command, ...args] = process.argv.slice(2);
if (command === 'config') writeConfig(args[0], Number(args[1]));
else if (command === 'connect') console.log(`demo CalDAV account: ${await connect(args[0], args[1])}`);
else {
  console.error('usage: demo-caldav.mjs config <dir> <port> | connect <caldavUrl> <apiUrl>');
  process.exit(2);
}
