import 'temporal-polyfill/global';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import interactionPlugin from '@fullcalendar/react/interaction';
import frLocale from '@fullcalendar/react/locales/fr';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { busyEventsApi } from '../api/busy-events';
import { eventsApi, type Appointment } from '../api/events';
import { DEFAULT_TIMEZONE } from '../dates';
import {
  appointmentsToEvents,
  BUSY_COLOR,
  busyToEvents,
  initialAgendaView,
  PHONE_MAX_WIDTH,
  readShowBusyTitles,
  writeShowBusyTitles,
} from './agenda';

interface AgendaViewProps {
  userId: string;
  /** Opens the appointment's actions (move dialog for pending and confirmed appointments). */
  onSelect: (event: Appointment) => void;
  /** Drag and drop: the move dialog's call (same rules and mails); rejects with the API's French message. */
  onMove: (event: Appointment, start: string, end: string) => Promise<unknown>;
}

const VIEW_BUTTONS = 'timeGridDay,timeGridWeek,dayGridMonth,listWeek';

/**
 * The professional's agenda (FullCalendar 7, French, Paris time): day, week, month and list; their
 * appointments (drag one to move it), the new times clients asked for, and their other calendars' busy events
 * greyed, so the agenda is the whole day. A phone opens on the day.
 */
export default function AgendaView({ userId, onSelect, onMove }: AgendaViewProps) {
  const theme = useTheme();
  const [phone] = useState(() => (globalThis.innerWidth ?? 1024) < PHONE_MAX_WIDTH);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [showTitles, setShowTitles] = useState(() => readShowBusyTitles());
  const [moveError, setMoveError] = useState<string | null>(null);
  const events = useQuery({
    queryKey: ['events', userId, 'agenda', range?.from, range?.to],
    queryFn: ({ signal }) => eventsApi.rangeAll(userId, range!.from, range!.to, signal),
    enabled: range !== null,
    placeholderData: (previous) => previous,
  });
  const busy = useQuery({
    queryKey: ['busy-events', userId, range?.from, range?.to],
    queryFn: ({ signal }) => busyEventsApi.list(userId, range!.from, range!.to, signal),
    enabled: range !== null,
    placeholderData: (previous) => previous,
  });
  const appointments = events.data ?? [];
  const entries = [
    ...busyToEvents(busy.data ?? [], showTitles),
    ...appointmentsToEvents(appointments, {
      pending: theme.palette.warning.main,
      confirmed: theme.palette.primary.main,
    }),
  ];

  return (
    <Box
      component="section"
      aria-label="Agenda"
      sx={{
        position: 'relative',
        bgcolor: 'background.paper',
        borderRadius: 3,
        border: 1,
        borderColor: 'divider',
        p: { xs: 1, sm: 2 },
        // Greyed busy events of the other calendars; the asked-for new times dashed.
        '& .agenda-busy': { opacity: 0.75, fontStyle: 'italic' },
        '& .agenda-proposal': { opacity: 0.7, borderStyle: 'dashed', borderWidth: 2 },
        '& .fc-toolbar': { flexWrap: 'wrap', gap: 1 },
        '& .fc-toolbar-title': { fontSize: { xs: '1.05rem', sm: '1.4rem' } },
      }}
    >
      {events.isFetching || busy.isFetching ? (
        <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} aria-label="Chargement" />
      ) : null}
      {events.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {events.error.message}
        </Alert>
      ) : null}
      {moveError ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setMoveError(null)}>
          {moveError}
        </Alert>
      ) : null}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 2 }}
        sx={{ mb: 1.5, color: 'text.secondary', justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} aria-label="Légende">
          {[
            { label: 'À valider', color: theme.palette.warning.main },
            { label: 'Confirmé', color: theme.palette.primary.main },
            { label: 'Autres agendas', color: BUSY_COLOR },
          ].map((item) => (
            <Stack key={item.label} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: 0.75, bgcolor: item.color }} />
              <Typography variant="body2">{item.label}</Typography>
            </Stack>
          ))}
        </Stack>
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={showTitles}
              onChange={(_, checked) => {
                setShowTitles(checked);
                writeShowBusyTitles(checked);
              }}
            />
          }
          label={<Typography variant="body2">Afficher les titres de mes autres agendas</Typography>}
        />
      </Stack>
      <FullCalendar
        plugins={[classicTheme, timeGridPlugin, dayGridPlugin, listPlugin, interactionPlugin]}
        initialView={initialAgendaView(globalThis.innerWidth ?? 1024)}
        locale={frLocale}
        timeZone={DEFAULT_TIMEZONE}
        firstDay={1}
        // The locale has no French hints: the buttons' accessible names would read "Next week", "Jour view".
        viewHint="Affichage $0"
        prevHint="Précédent ($0)"
        nextHint="Suivant ($0)"
        todayHint="Aujourd’hui"
        navLinkHint="Aller au $0"
        slotMinTime="07:00:00"
        slotMaxTime="21:00:00"
        scrollTime="08:00:00"
        allDaySlot={false}
        nowIndicator
        height="auto"
        dayMaxEvents={phone ? 2 : 4}
        headerToolbar={
          phone
            ? { start: 'prev,next', center: 'title', end: 'today' }
            : { start: 'prev,next today', center: 'title', end: VIEW_BUTTONS }
        }
        footerToolbar={phone ? { center: VIEW_BUTTONS } : undefined}
        datesSet={(info) => setRange({ from: info.start.toISOString(), to: info.end.toISOString() })}
        events={entries}
        eventStartEditable
        eventDurationEditable={false}
        eventClick={(info) => {
          const id = info.event.extendedProps.appointmentId as string | undefined;
          const found = id ? appointments.find((e) => e._id === id) : undefined;
          if (found) onSelect(found);
        }}
        eventDrop={(info) => {
          const id = info.event.extendedProps.appointmentId as string | undefined;
          const found = id ? appointments.find((e) => e._id === id) : undefined;
          if (!found || !info.event.start || !info.event.end) {
            info.revert();
            return;
          }
          setMoveError(null);
          onMove(found, info.event.start.toISOString(), info.event.end.toISOString()).catch(
            (error: unknown) => {
              // Refused (slot taken, past…): the appointment goes back where it was, with the API's words.
              info.revert();
              setMoveError(error instanceof Error ? error.message : String(error));
            },
          );
        }}
      />
    </Box>
  );
}
