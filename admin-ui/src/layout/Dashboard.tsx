import { Link } from 'react-router-dom';
import { Title, useCreatePath, useGetIdentity, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import users from '../users';
import teams from '../teams';
import posts from '../posts';
import images from '../images';
import redirects from '../redirects';

const SECTIONS = [
  {
    resource: 'users',
    icon: users.icon,
    description: 'Comptes professionnels, activation et profils publics.',
  },
  { resource: 'teams', icon: teams.icon, description: 'Structures, CRPCEN, présentation et adresse.' },
  { resource: 'posts', icon: posts.icon, description: 'Articles du guide des démarches, publication.' },
  { resource: 'images', icon: images.icon, description: 'Images utilisées par les articles et les pages.' },
  {
    resource: 'redirects',
    icon: redirects.icon,
    description: 'Redirections 301 des anciennes adresses du site.',
  },
];

/** Home of the console: `/admin/` (where react-admin lands after login) and `/admin/dashboard` (spec §2). */
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
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
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
