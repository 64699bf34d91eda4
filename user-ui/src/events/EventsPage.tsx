import { Suspense, lazy, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Pagination from '@mui/material/Pagination';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Skeleton from '@mui/material/Skeleton';
import CalendarViewWeek from '@mui/icons-material/CalendarViewWeek';
import ViewList from '@mui/icons-material/ViewList';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import EventBusy from '@mui/icons-material/EventBusy';
import { availabilityApi } from '../api/availability';
import { foldersApi } from '../api/folders';
import { eventsApi, type Appointment, type AppointmentMessage, type EventGroup } from '../api/events';
import { useUserId } from '../auth/useUserId';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PageHeader } from '../components/PageHeader';
import { QueryState } from '../components/QueryState';
import { formatRange } from '../dates';
import { AppointmentCard, clientName } from './AppointmentCard';
import { AttendeeDialog } from './AttendeeDialog';
import { ProposedAvailabilities } from './ProposedAvailabilities';
import { EventDialog } from './EventDialog';
import { useCalendarConflict } from './useCalendarConflict';
import { MoveEventDialog } from './MoveEventDialog';
import { MoveRequest } from './MoveRequest';

const PAGE_SIZE = 20;

// FullCalendar is heavy: only the agenda view loads it.
const AgendaView = lazy(() => import('./AgendaView'));

const GROUPS: { group: EventGroup; label: string; empty: string }[] = [
  { group: 'pending', label: 'À valider', empty: 'Aucune demande de rendez-vous en attente de validation.' },
  { group: 'upcoming', label: 'À venir', empty: 'Aucun rendez-vous confirmé à venir.' },
  { group: 'past', label: 'Passés', empty: 'Aucun rendez-vous passé.' },
];

type Confirmation = { kind: 'refuse' | 'cancel' | 'request' | 'refuseMove'; event: Appointment };

function useGroup(userId: string, group: EventGroup, page: number) {
  return useQuery({
    queryKey: ['events', userId, group, page],
    queryFn: ({ signal }) => eventsApi.list(userId, group, page, PAGE_SIZE, signal),
    placeholderData: (previous) => previous,
  });
}

/** `/user/events`: appointments awaiting validation, upcoming and past, with the actions each state allows. */
export function EventsPage() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const agenda = params.get('vue') === 'agenda';
  const current = (GROUPS.find((g) => g.group === params.get('groupe'))?.group ?? 'pending') as EventGroup;
  const [pages, setPages] = useState<Record<EventGroup, number>>({ pending: 1, upcoming: 1, past: 1 });
  const lists = {
    pending: useGroup(userId, 'pending', pages.pending),
    upcoming: useGroup(userId, 'upcoming', pages.upcoming),
    past: useGroup(userId, 'past', pages.past),
  };
  const list = lists[current];
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  // Their own calendar holds the time: the professional is asked, and may go ahead.
  const conflict = useCalendarConflict();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [moving, setMoving] = useState<Appointment | null>(null);
  const [creating, setCreating] = useState(false);
  const motives = useQuery({
    queryKey: ['motives', userId],
    queryFn: ({ signal }) => availabilityApi.motives(userId, signal),
    enabled: creating,
  });
  const calendars = useQuery({
    queryKey: ['calendars', userId],
    queryFn: ({ signal }) => availabilityApi.calendars(userId, signal),
    enabled: creating,
  });

  /** Every list and the menu badge follow the change. */
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['events', userId] }),
      queryClient.invalidateQueries({ queryKey: ['events-futur-count', userId] }),
    ]);
  };
  const done = async (answer: AppointmentMessage | { message: string }) => {
    setNotice(answer.message);
    await refresh();
  };

  // The move dialog and the agenda's drag: same API, same question when a calendar holds the new time.
  const moveTo = async (event: Appointment, start: string, end: string) =>
    done(await conflict.guard((confirm) => eventsApi.move(event._id, start, end, confirm)));

  const validate = async (event: Appointment) => {
    setActionError(null);
    setBusyId(event._id);
    try {
      await done(await conflict.guard((confirm) => eventsApi.validate(event._id, confirm)));
    } catch (error) {
      setActionError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusyId(null);
    }
  };

  const navigate = useNavigate();
  const [folderError, setFolderError] = useState<string | null>(null);
  // "Ouvrir un dossier": the client's open folder with this professional, created when there is none.
  const openFolder = async (event: Appointment) => {
    try {
      const folder = await foldersApi.fromAppointment(event._id);
      void navigate(`/dossiers-client?dossier=${folder.id}`);
    } catch (error) {
      setFolderError((error as Error).message);
    }
  };
  const [attendeeOf, setAttendeeOf] = useState<Appointment | null>(null);
  const folderAction = (event: Appointment) =>
    event.attendee ? (
      <>
        <Button
          size="small"
          onClick={() => setAttendeeOf(event)}
          aria-label={`Fiche de ${clientName(event)}`}
        >
          Fiche client
        </Button>
        <Button
          size="small"
          onClick={() => void openFolder(event)}
          aria-label={`Ouvrir le dossier de ${clientName(event)}`}
        >
          Ouvrir un dossier
        </Button>
      </>
    ) : null;
  // "Accepter" a proposed availability: move there and validate, in one click.
  const acceptProposal = async (event: Appointment, start: string) => {
    setActionError(null);
    setBusyId(event._id);
    try {
      await conflict.guard((confirm) => eventsApi.move(event._id, start, undefined, confirm));
      await done(await eventsApi.validate(event._id, true));
    } catch (error) {
      setActionError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusyId(null);
    }
  };
  const actionsFor = (event: Appointment) => (
    <>
      {stateActionsFor(event)}
      {folderAction(event)}
    </>
  );
  const stateActionsFor = (event: Appointment) => {
    if (current === 'past') return undefined;
    const name = clientName(event);
    if (event.status === 'pending') {
      return (
        <>
          <Button
            variant="contained"
            size="small"
            onClick={() => validate(event)}
            loading={busyId === event._id}
            aria-label={`Valider le rendez-vous de ${name}`}
          >
            Valider
          </Button>
          <Button
            variant="outlined"
            size="small"
            color="inherit"
            onClick={() => setConfirmation({ kind: 'refuse', event })}
            aria-label={`Refuser le rendez-vous de ${name}`}
          >
            Refuser
          </Button>
          <Button
            size="small"
            onClick={() => setMoving(event)}
            aria-label={`Déplacer le rendez-vous de ${name}`}
          >
            Déplacer
          </Button>
          {event.attendee ? (
            <Button
              size="small"
              onClick={() => setConfirmation({ kind: 'request', event })}
              aria-label={`Demander ses disponibilités à ${name}`}
            >
              Demander ses disponibilités
            </Button>
          ) : null}
        </>
      );
    }
    if (event.status === 'confirmed') {
      return (
        <>
          <Button
            variant="outlined"
            size="small"
            onClick={() => setMoving(event)}
            aria-label={`Déplacer le rendez-vous de ${name}`}
          >
            Déplacer
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setConfirmation({ kind: 'cancel', event })}
            aria-label={`Annuler le rendez-vous de ${name}`}
          >
            Annuler
          </Button>
        </>
      );
    }
    return undefined;
  };

  const confirmText = (c: Confirmation) =>
    `${clientName(c.event)}, ${formatRange(c.event.start, c.event.end, c.event.timezone)}.`;
  const CONFIRMATIONS = {
    refuse: {
      title: 'Refuser ce rendez-vous ?',
      text: (c: Confirmation) =>
        `${confirmText(c)} Le créneau est libéré et le client est prévenu par email.`,
      label: 'Refuser le rendez-vous',
      reasonLabel: 'Motif du refus, transmis au client (facultatif)',
      destructive: true,
      run: (c: Confirmation, reason: string) => eventsApi.refuse(c.event._id, reason || undefined),
    },
    cancel: {
      title: 'Annuler ce rendez-vous ?',
      text: (c: Confirmation) =>
        `${confirmText(c)} Le créneau est libéré et le client est prévenu par email.`,
      label: 'Annuler le rendez-vous',
      reasonLabel: 'Message au client (facultatif)',
      destructive: true,
      run: (c: Confirmation, reason: string) => eventsApi.cancel(c.event._id, reason || undefined),
    },
    refuseMove: {
      title: 'Refuser le déplacement ?',
      text: (c: Confirmation) =>
        `${confirmText(c)} Le rendez-vous reste confirmé à cet horaire ; le nouveau créneau demandé est libéré et le client est prévenu par email.`,
      label: 'Refuser le déplacement',
      reasonLabel: 'Message au client (facultatif)',
      destructive: false,
      run: (c: Confirmation, reason: string) => eventsApi.refuse(c.event._id, reason || undefined),
    },
    request: {
      title: 'Demander ses disponibilités au client ?',
      text: (c: Confirmation) =>
        `${confirmText(c)} Le client reçoit un email pour vous proposer d’autres horaires.`,
      label: 'Envoyer la demande',
      reasonLabel: 'Message au client (facultatif)',
      destructive: false,
      run: (c: Confirmation, reason: string) =>
        eventsApi.requestAvailabilities(c.event._id, reason || undefined),
    },
  } as const;
  const confirmConfig = confirmation ? CONFIRMATIONS[confirmation.kind] : null;

  const groupInfo = GROUPS.find((g) => g.group === current)!;
  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageHeader
        title="Rendez-vous"
        description="Validez les demandes de vos clients, déplacez ou annulez un rendez-vous, ou ajoutez-en un vous-même."
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            Nouveau rendez-vous
          </Button>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={agenda ? 'agenda' : 'list'}
          onChange={(_, value: string | null) => {
            if (value) setParams(value === 'agenda' ? { vue: 'agenda' } : {}, { replace: true });
          }}
          aria-label="Affichage"
        >
          <ToggleButton value="list" aria-label="Liste">
            <ViewList fontSize="small" sx={{ mr: 0.75 }} />
            Liste
          </ToggleButton>
          <ToggleButton value="agenda" aria-label="Agenda">
            <CalendarViewWeek fontSize="small" sx={{ mr: 0.75 }} />
            Agenda
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {agenda ? (
        <Suspense fallback={<Skeleton variant="rounded" height={600} />}>
          <AgendaView userId={userId} onSelect={(event) => setMoving(event)} onMove={moveTo} />
        </Suspense>
      ) : (
        <>
          <Tabs
            value={current}
            onChange={(_, value: EventGroup) =>
              setParams(value === 'pending' ? {} : { groupe: value }, { replace: true })
            }
            aria-label="Groupes de rendez-vous"
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {GROUPS.map(({ group, label }) => {
              const total = lists[group].data?.total;
              return (
                <Tab
                  key={group}
                  value={group}
                  id={`tab-${group}`}
                  aria-controls={`panel-${group}`}
                  label={total === undefined ? label : `${label} (${total})`}
                />
              );
            })}
          </Tabs>
          {actionError ? (
            <Alert severity="error" sx={{ mb: 2 }} onClose={() => setActionError(null)}>
              {actionError}
            </Alert>
          ) : null}
          <Box role="tabpanel" id={`panel-${current}`} aria-labelledby={`tab-${current}`}>
            <QueryState isPending={list.isPending} error={list.error} onRetry={() => list.refetch()}>
              {data && data.data.length === 0 ? (
                <Card variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
                  <EventBusy color="action" sx={{ fontSize: 40 }} />
                  <Typography color="text.secondary" sx={{ mt: 1 }}>
                    {groupInfo.empty}
                  </Typography>
                </Card>
              ) : (
                <Stack spacing={1.5}>
                  {data?.data.map((event) => (
                    <AppointmentCard key={event._id} event={event} actions={actionsFor(event)}>
                      {event.status === 'pending' && event.attendee ? (
                        <ProposedAvailabilities
                          event={event}
                          busy={busyId === event._id}
                          onAccept={(start) => void acceptProposal(event, start)}
                        />
                      ) : null}
                      {current !== 'past' ? (
                        <MoveRequest
                          event={event}
                          busy={busyId === event._id}
                          onAccept={() => void validate(event)}
                          onRefuse={() => setConfirmation({ kind: 'refuseMove', event })}
                        />
                      ) : null}
                    </AppointmentCard>
                  ))}
                </Stack>
              )}
              {pageCount > 1 ? (
                <Pagination
                  count={pageCount}
                  page={pages[current]}
                  onChange={(_, page) => setPages((p) => ({ ...p, [current]: page }))}
                  sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
                />
              ) : null}
            </QueryState>
          </Box>
        </>
      )}
      {attendeeOf ? (
        <AttendeeDialog
          appointmentId={attendeeOf._id}
          onClose={() => setAttendeeOf(null)}
          onOpenFolder={() => {
            const event = attendeeOf;
            setAttendeeOf(null);
            void openFolder(event);
          }}
        />
      ) : null}
      <Snackbar
        open={folderError !== null}
        autoHideDuration={6000}
        onClose={() => setFolderError(null)}
        message={folderError ?? ''}
      />
      <ConfirmDialog
        open={confirmation !== null}
        title={confirmConfig?.title ?? ''}
        text={confirmation && confirmConfig ? confirmConfig.text(confirmation) : ''}
        confirmLabel={confirmConfig?.label ?? ''}
        reasonLabel={confirmConfig?.reasonLabel}
        destructive={confirmConfig?.destructive}
        onClose={() => setConfirmation(null)}
        onConfirm={async (reason) => {
          if (!confirmation || !confirmConfig) return;
          await done(await confirmConfig.run(confirmation, reason));
        }}
      />
      <MoveEventDialog event={moving} onClose={() => setMoving(null)} onMove={moveTo} />
      <EventDialog
        open={creating}
        motives={motives.data ?? []}
        calendars={calendars.data ?? []}
        onClose={() => setCreating(false)}
        onCreate={async (payload) => {
          await conflict.guard((confirm) =>
            eventsApi.create(userId, confirm ? { ...payload, confirmConflict: true } : payload),
          );
          await done({ message: 'Rendez-vous créé ; le client reçoit un email de confirmation' });
        }}
      />
      {conflict.dialog}
      <Snackbar
        open={notice !== null}
        autoHideDuration={5000}
        onClose={() => setNotice(null)}
        message={notice}
      />
    </Box>
  );
}
