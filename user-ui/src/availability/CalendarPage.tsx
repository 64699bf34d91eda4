import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { availabilityApi, type WeeklyRange } from '../api/availability';
import { useUserId } from '../auth/useUserId';
import { PageHeader } from '../components/PageHeader';
import { QueryState } from '../components/QueryState';
import { RouterLink } from '../components/RouterLink';
import { WeeklyEditor } from './WeeklyEditor';

/** `/user/calendrier/{id}`: the weekly hours of one calendar, saved as a whole week. */
export function CalendarPage() {
  const { id = '' } = useParams();
  const userId = useUserId();
  const queryClient = useQueryClient();
  const calendars = useQuery({
    queryKey: ['calendars', userId],
    queryFn: ({ signal }) => availabilityApi.calendars(userId, signal),
  });
  const week = useQuery({
    queryKey: ['week', id],
    queryFn: ({ signal }) => availabilityApi.week(id, signal),
  });
  const motives = useQuery({
    queryKey: ['motives', userId],
    queryFn: ({ signal }) => availabilityApi.motives(userId, signal),
  });
  const calendar = calendars.data?.find((c) => c.id === id);

  const save = async (ranges: WeeklyRange[]) => {
    const saved = await availabilityApi.replaceWeek(id, ranges);
    queryClient.setQueryData(['week', id], saved);
  };

  const title = calendar ? `Horaires : ${calendar.name}` : 'Horaires de la semaine';
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Breadcrumbs sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/calendriers" underline="hover" color="inherit">
          Calendriers
        </Link>
        <Typography color="text.primary">{calendar?.name ?? 'Calendrier'}</Typography>
      </Breadcrumbs>
      <PageHeader
        title={title}
        description="Vos plages d’ouverture, jour par jour. Vos clients ne peuvent réserver qu’à l’intérieur de ces plages, et dans votre amplitude horaire."
      />
      <QueryState
        isPending={week.isPending || motives.isPending}
        error={week.error ?? motives.error}
        onRetry={() => {
          void week.refetch();
          void motives.refetch();
        }}
        rows={7}
      >
        <WeeklyEditor ranges={week.data?.ranges ?? []} motives={motives.data ?? []} onSave={save} />
      </QueryState>
    </Box>
  );
}
