import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Title, useCreatePath, useGetIdentity, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { officeIdentifierOf } from '@rdv/sectors';
import { sector } from '../sector';
import users from '../users';
import teams from '../teams';
import posts from '../posts';
import images from '../images';
import redirects from '../redirects';
import { ADMIN_API_URL, httpClient } from '../dataProvider';
import { BookingsChart, type BookingDay } from './BookingsChart';

const SECTIONS = [
  {
    resource: 'users',
    icon: users.icon,
    description: 'Comptes professionnels, activation et profils publics.',
  },
  {
    resource: 'teams',
    icon: teams.icon,
    description: `Structures, ${officeIdentifierOf(sector).name}, présentation et adresse.`,
  },
  { resource: 'posts', icon: posts.icon, description: 'Articles du guide des démarches, publication.' },
  { resource: 'images', icon: images.icon, description: 'Images utilisées par les articles et les pages.' },
  {
    resource: 'redirects',
    icon: redirects.icon,
    description: 'Redirections 301 des anciennes adresses du site.',
  },
];

export interface DashboardFigures {
  bookingsPerDay: BookingDay[];
  pendingOlderThan48h: number;
  newProfessionals: number;
  newClients: number;
  registrationRequestsWaiting: number;
  failedNotificationJobs: number | null;
  calendarConnectionsInError: number;
  /** When today's figures and the counts were read: the API reads them at most once every 10 seconds. */
  figuresAt: string;
}

const READ_AT = new Intl.DateTimeFormat('fr-FR', { timeStyle: 'medium', timeZone: 'Europe/Paris' });

function Figure({
  label,
  value,
  to,
  alert,
}: {
  label: string;
  value: number | null;
  to?: string;
  alert?: boolean;
}) {
  const content = (
    <CardContent>
      <Typography
        variant="h4"
        component="p"
        sx={{ fontWeight: 700, color: alert && value ? 'error.main' : 'text.primary' }}
      >
        {value ?? '—'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', hyphens: 'auto' }}>
        {label}
      </Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined" role="group" aria-label={`${label} : ${value ?? 'indisponible'}`}>
      {to ? (
        <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

/** GET /admin/dashboard: the figures an administrator watches. */
function DashboardFiguresPanel() {
  const [figures, setFigures] = useState<DashboardFigures | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    httpClient(`${ADMIN_API_URL}/dashboard`)
      .then(({ json }) => !cancelled && setFigures(json as DashboardFigures))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, []);
  if (failed)
    return (
      <Typography color="error" role="alert" sx={{ mb: 3 }}>
        Les chiffres du tableau de bord sont indisponibles pour le moment.
      </Typography>
    );
  if (!figures) return <Typography sx={{ mb: 3 }}>Chargement des chiffres…</Typography>;
  return (
    <Box component="section" aria-labelledby="figures-title" sx={{ mb: 4 }}>
      <Typography id="figures-title" variant="h6" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        Activité des 30 derniers jours
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 1.5 }}>
        Chiffres relevés à {READ_AT.format(new Date(figures.figuresAt))} (relevés au plus toutes les 10
        secondes ; les jours passés, toutes les 10 minutes).
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          // minmax(0, 1fr): a column never grows past its share to fit a long word (no overflow at 390 px).
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(6, minmax(0, 1fr))',
          },
          mb: 2,
        }}
      >
        <Figure
          label="Demandes d’inscription à traiter"
          value={figures.registrationRequestsWaiting}
          to="/registration-requests"
          alert
        />
        <Figure
          label="Rendez-vous en attente depuis plus de 48 h"
          value={figures.pendingOlderThan48h}
          alert
        />
        <Figure label={`Nouveaux ${sector.words.plural}`} value={figures.newProfessionals} to="/users" />
        <Figure label="Nouveaux clients" value={figures.newClients} />
        <Figure label="Notifications en échec" value={figures.failedNotificationJobs} alert />
        <Figure label="Agendas synchronisés en erreur" value={figures.calendarConnectionsInError} alert />
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            Rendez-vous par jour
          </Typography>
          <BookingsChart days={figures.bookingsPerDay} />
        </CardContent>
      </Card>
    </Box>
  );
}

/** Home of the console: `/admin/` (where react-admin lands after login) and `/admin/dashboard` (docs/product.md §2). */
export function Dashboard() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ mt: 2, maxWidth: 1100 }}>
      <Title title={translate('app.menu.dashboard')} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {translate('app.dashboard.welcome')}
        {identity?.fullName ? `, ${identity.fullName}` : ''}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {translate('app.dashboard.intro')}
      </Typography>
      <DashboardFiguresPanel />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {SECTIONS.map(({ resource, icon: Icon, description }) => (
          <Card key={resource} variant="outlined">
            <CardActionArea
              component={Link}
              to={createPath({ resource, type: 'list' })}
              sx={{ height: '100%' }}
            >
              <CardContent>
                <Icon color="primary" />
                <Typography variant="h6" component="h2" sx={{ mt: 1, fontWeight: 600 }}>
                  {translate(`resources.${resource}.name`, { smart_count: 2 })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {description}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
