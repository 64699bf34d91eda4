import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AccessTime from '@mui/icons-material/AccessTime';
import BeachAccess from '@mui/icons-material/BeachAccessOutlined';
import Business from '@mui/icons-material/BusinessOutlined';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import ChevronRight from '@mui/icons-material/ChevronRight';
import EventAvailable from '@mui/icons-material/EventAvailable';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import ListAlt from '@mui/icons-material/ListAlt';
import Phone from '@mui/icons-material/PhoneOutlined';
import Sync from '@mui/icons-material/Sync';
import { useQuery } from '@tanstack/react-query';
import { eventsApi } from '../api/events';
import { useSession } from '../auth/session';
import { useFutureEventsCount } from '../auth/useFutureEventsCount';
import { PageTitle } from '../components/PageTitle';
import { RouterLink } from '../components/RouterLink';
import { sector } from '../sector';
import { AccountShortcuts } from './AccountShortcuts';
import { ProfileCompletenessCard } from './ProfileCompletenessCard';
import { StatCard } from './StatCard';
import { useCallStats } from '../calls/useCallStats';
import { callsCount } from '../calls/callLabels';

const SETUP_STEPS: { label: string; icon: React.ReactNode; to: string }[] = [
  { label: 'Motifs de rendez-vous et durées', icon: <ListAlt />, to: '/motifs' },
  { label: 'Horaires de la semaine', icon: <CalendarMonth />, to: '/calendriers' },
  { label: 'Amplitude horaire, visio et téléphone', icon: <AccessTime />, to: '/setting' },
  {
    label: 'Vacances, indisponibilités et jours fériés',
    icon: <BeachAccess />,
    to: '/periodes-de-vacances',
  },
  {
    label: 'Synchronisation de vos calendriers',
    icon: <Sync />,
    to: '/setting#synchronisation-calendriers',
  },
  { label: `Mon ${sector.words.office}`, icon: <Business />, to: '/mon-etude' },
];

export function DashboardPage() {
  const { data: user } = useSession();
  const futureEvents = useFutureEventsCount(user?._id);
  const pending = useQuery({
    queryKey: ['events', user?._id, 'pending', 1],
    queryFn: ({ signal }) => eventsApi.list(user?._id as string, 'pending', 1, 20, signal),
    enabled: Boolean(user?._id),
  });
  const calls = useCallStats(user?._id, 'month');
  const name = user?.first_name
    ? `${user.first_name}${user.last_name ? ` ${user.last_name}` : ''}`
    : user?.email;

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageTitle title="Tableau de bord" />
      <Typography variant="h4" component="h1">
        Bonjour {name}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 4 }}>
        Bienvenue dans votre espace {sector.productName}.
      </Typography>

      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <StatCard
          title="Rendez-vous à venir"
          icon={<EventAvailable />}
          value={
            futureEvents.isPending ? (
              <Skeleton width={60} height={48} />
            ) : (
              <Typography
                variant="h3"
                component="p"
                aria-label={`${futureEvents.data ?? 0} rendez-vous à venir`}
              >
                {futureEvents.isError ? '–' : futureEvents.data}
              </Typography>
            )
          }
          action={
            <Button component={RouterLink} to="/events" size="small" sx={{ alignSelf: 'flex-start' }}>
              Voir mes rendez-vous
            </Button>
          }
        />
        <StatCard
          title="En attente de validation"
          icon={<HourglassEmpty />}
          value={
            pending.isPending ? (
              <Skeleton width={60} height={48} />
            ) : (
              <Typography
                variant="h3"
                component="p"
                aria-label={`${pending.data?.total ?? 0} rendez-vous en attente de validation`}
              >
                {pending.isError ? '–' : pending.data?.total}
              </Typography>
            )
          }
          action={
            <Button component={RouterLink} to="/events" size="small" sx={{ alignSelf: 'flex-start' }}>
              Valider les demandes
            </Button>
          }
        />
        <StatCard
          title="Appels ce mois-ci"
          icon={<Phone />}
          value={
            calls.isPending ? (
              <Skeleton width={60} height={48} />
            ) : (
              <Typography
                variant="h3"
                component="p"
                aria-label={`${callsCount(calls.data?.thisMonth ?? 0)} ce mois-ci via votre page publique`}
              >
                {calls.isError ? '–' : calls.data?.thisMonth}
              </Typography>
            )
          }
          action={
            <Button component={RouterLink} to="/appels" size="small" sx={{ alignSelf: 'flex-start' }}>
              Voir le détail
            </Button>
          }
        />
      </Box>

      {user ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            mt: 2.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
          }}
        >
          <AccountShortcuts user={user} />
        </Box>
      ) : null}

      {user?.profile_completeness ? <ProfileCompletenessCard user={user} /> : null}

      <Card variant="outlined" sx={{ mt: 3 }}>
        <CardContent>
          <Typography component="h2" variant="h6">
            Préparez votre agenda en ligne
          </Typography>
          <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
            Vos clients ne voient des créneaux qu’une fois vos motifs et vos horaires renseignés.
          </Typography>
          <List>
            {SETUP_STEPS.map((step) => (
              <ListItem key={step.label} divider disablePadding>
                <ListItemButton component={RouterLink} to={step.to} sx={{ px: 0, borderRadius: 1 }}>
                  <ListItemIcon sx={{ minWidth: 40 }}>{step.icon}</ListItemIcon>
                  <ListItemText primary={step.label} />
                  <ChevronRight color="action" />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
    </Box>
  );
}
