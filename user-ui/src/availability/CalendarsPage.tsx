import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Edit from '@mui/icons-material/EditOutlined';
import Sync from '@mui/icons-material/Sync';
import { availabilityApi, type Calendar } from '../api/availability';
import { useUserId } from '../auth/useUserId';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PageHeader } from '../components/PageHeader';
import { QueryState } from '../components/QueryState';
import { RouterLink } from '../components/RouterLink';
import { useOAuthProviders } from '../settings/CalendarOAuthConnect';
import { CalendarDialog } from './CalendarDialog';
import type { CalendarFormValues } from './validation';

/** `/user/calendriers`: the professional's agendas; each one opens its weekly hours editor. */
export function CalendarsPage() {
  const userId = useUserId();
  const syncProviders = syncProvidersSentence(useOAuthProviders(userId).data?.providers ?? []);
  const queryClient = useQueryClient();
  const calendars = useQuery({
    queryKey: ['calendars', userId],
    queryFn: ({ signal }) => availabilityApi.calendars(userId, signal),
  });
  const [dialog, setDialog] = useState<{ calendar: Calendar | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Calendar | null>(null);

  const save = async (values: CalendarFormValues) => {
    const editing = dialog?.calendar;
    if (editing) await availabilityApi.updateCalendar(userId, editing.id, values);
    else await availabilityApi.createCalendar(userId, values);
    await queryClient.invalidateQueries({ queryKey: ['calendars', userId] });
    setNotice(editing ? 'Calendrier renommé' : 'Calendrier créé');
  };

  const makeDefault = async (calendar: Calendar) => {
    try {
      await availabilityApi.updateCalendar(userId, calendar.id, { isDefault: true });
      await queryClient.invalidateQueries({ queryKey: ['calendars', userId] });
      setNotice(`« ${calendar.name} » est votre calendrier par défaut`);
    } catch (error) {
      setNotice(error instanceof Error ? error.message : String(error));
    }
  };

  const list = calendars.data ?? [];

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader
        title="Calendriers et disponibilités"
        description="Chaque calendrier a ses propres horaires d’ouverture de la semaine. Vos clients réservent dans votre calendrier par défaut."
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ calendar: null })}>
            Nouveau calendrier
          </Button>
        }
      />
      <QueryState isPending={calendars.isPending} error={calendars.error} onRetry={() => calendars.refetch()}>
        {list.length === 0 ? (
          <Card variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <CalendarMonth color="action" sx={{ fontSize: 40 }} />
            <Typography sx={{ fontWeight: 600, mt: 1 }}>Aucun calendrier</Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Créez votre premier calendrier, puis indiquez vos horaires de la semaine.
            </Typography>
            <Button variant="outlined" startIcon={<Add />} onClick={() => setDialog({ calendar: null })}>
              Créer un calendrier
            </Button>
          </Card>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label="Calendriers">
            {list.map((calendar) => (
              <Card key={calendar.id} component="li" variant="outlined">
                <CardContent
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 2,
                    flexWrap: 'wrap',
                    '&:last-child': { pb: 2 },
                  }}
                >
                  <Box
                    aria-hidden
                    sx={{
                      width: 14,
                      height: 14,
                      borderRadius: '50%',
                      bgcolor: calendar.color,
                      flexShrink: 0,
                    }}
                  />
                  <Box sx={{ flex: 1, minWidth: 160 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography sx={{ fontWeight: 600 }}>{calendar.name}</Typography>
                      {calendar.isDefault ? <Chip size="small" label="Par défaut" color="primary" /> : null}
                    </Stack>
                  </Box>
                  {!calendar.isDefault ? (
                    <Button size="small" color="inherit" onClick={() => makeDefault(calendar)}>
                      Définir par défaut
                    </Button>
                  ) : null}
                  <Button
                    size="small"
                    startIcon={<Edit />}
                    onClick={() => setDialog({ calendar })}
                    aria-label={`Renommer « ${calendar.name} »`}
                  >
                    Renommer
                  </Button>
                  <Button
                    variant="outlined"
                    size="small"
                    endIcon={<ChevronRight />}
                    component={RouterLink}
                    to={`/calendrier/${calendar.id}`}
                    aria-label={`Horaires de « ${calendar.name} »`}
                  >
                    Horaires de la semaine
                  </Button>
                </CardContent>
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>

      <Card variant="outlined" sx={{ mt: 3 }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Sync color="action" />
          <Box sx={{ flex: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>Synchronisation des calendriers</Typography>
            <Typography color="text.secondary" variant="body2">
              Connectez {syncProviders} : les occupations de votre calendrier principal bloquent vos créneaux
              dès la connexion, et vos rendez-vous validés s’inscrivent dans le calendrier choisi.
            </Typography>
          </Box>
          <Button component={RouterLink} to="/setting#synchronisation-calendriers" sx={{ flexShrink: 0 }}>
            Connecter un calendrier
          </Button>
        </CardContent>
      </Card>

      <CalendarDialog
        open={dialog !== null}
        calendar={dialog?.calendar ?? null}
        onClose={() => setDialog(null)}
        onDelete={() => {
          setToDelete(dialog?.calendar ?? null);
          setDialog(null);
        }}
        onSubmit={save}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Supprimer ce calendrier ?"
        text={`« ${toDelete?.name ?? ''} » et ses horaires de la semaine seront supprimés.`}
        confirmLabel="Supprimer le calendrier"
        destructive
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          const name = toDelete!.name;
          await availabilityApi.deleteCalendar(userId, toDelete!.id);
          await queryClient.invalidateQueries({ queryKey: ['calendars', userId] });
          setNotice(`« ${name} » a été supprimé`);
        }}
      />
      <Snackbar
        open={notice !== null}
        autoHideDuration={4000}
        onClose={() => setNotice(null)}
        message={notice}
      />
    </Box>
  );
}

/** The calendars this site lets a professional connect: the online ones it enabled, then the password ones. */
function syncProvidersSentence(online: string[]): string {
  const labels: Record<string, string> = {
    google: 'Google Agenda',
    outlook: 'Outlook.com',
    office365: 'Office 365',
  };
  const names = [
    ...online.map((p) => labels[p] ?? p),
    'Apple iCloud',
    'un serveur CalDAV',
    'le serveur Exchange du cabinet',
  ];
  return `${names.slice(0, -1).join(', ')} ou ${names[names.length - 1]}`;
}
