import 'temporal-polyfill/global';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import frLocale from '@fullcalendar/react/locales/fr';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { eventsApi, type Appointment } from '../api/events';
import { DEFAULT_TIMEZONE } from '../dates';
import { clientName } from './AppointmentCard';

interface AgendaViewProps {
  userId: string;
  /** Opens the appointment's actions (move dialog for pending and confirmed appointments). */
  onSelect: (event: Appointment) => void;
}

/** Week agenda (FullCalendar 7 timeGridWeek, French, Paris time) of the appointments that hold a slot. */
export default function AgendaView({ userId, onSelect }: AgendaViewProps) {
  const theme = useTheme();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const events = useQuery({
    queryKey: ['events', userId, 'agenda', range?.from, range?.to],
    queryFn: ({ signal }) => eventsApi.range(userId, range!.from, range!.to, signal),
    enabled: range !== null,
    placeholderData: (previous) => previous,
  });
  const shown = (events.data?.data ?? []).filter((e) => e.status === 'pending' || e.status === 'confirmed');

  return (
    <Box
      sx={{
        position: 'relative',
        bgcolor: 'background.paper',
        borderRadius: 3,
        border: 1,
        borderColor: 'divider',
        p: 2,
      }}
    >
      {events.isFetching ? (
        <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} aria-label="Chargement" />
      ) : null}
      {events.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {events.error.message}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ mb: 1.5, color: 'text.secondary' }} aria-label="Légende">
        {[
          { label: 'À valider', color: theme.palette.warning.main },
          { label: 'Confirmé', color: theme.palette.primary.main },
        ].map((item) => (
          <Stack key={item.label} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: 0.75, bgcolor: item.color }} />
            <Typography variant="body2">{item.label}</Typography>
          </Stack>
        ))}
      </Stack>
      <FullCalendar
        plugins={[classicTheme, timeGridPlugin]}
        initialView="timeGridWeek"
        locale={frLocale}
        timeZone={DEFAULT_TIMEZONE}
        firstDay={1}
        slotMinTime="07:00:00"
        slotMaxTime="21:00:00"
        allDaySlot={false}
        nowIndicator
        height="auto"
        headerToolbar={{ start: 'prev,next today', center: 'title', end: '' }}
        datesSet={(info) => setRange({ from: info.start.toISOString(), to: info.end.toISOString() })}
        events={shown.map((e) => ({
          id: e._id,
          title: `${clientName(e)}${e.motive ? ` · ${e.motive.title}` : ''}`,
          start: e.start,
          end: e.end,
          // Awaiting validation in orange (as the "À valider" chip), confirmed in the sector colour.
          color: e.status === 'pending' ? theme.palette.warning.main : theme.palette.primary.main,
          contrastColor: '#ffffff',
        }))}
        eventClick={(info) => {
          const found = shown.find((e) => e._id === info.event.id);
          if (found) onSelect(found);
        }}
      />
    </Box>
  );
}
