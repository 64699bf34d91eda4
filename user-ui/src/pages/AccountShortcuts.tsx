import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Business from '@mui/icons-material/BusinessOutlined';
import Badge from '@mui/icons-material/BadgeOutlined';
import Person from '@mui/icons-material/PersonOutlineOutlined';
import type { UserProfile } from '../api/auth';
import { officesApi } from '../api/offices';
import { RouterLink } from '../components/RouterLink';
import { officeQueryKey } from '../office/OfficePage';
import { sector } from '../sector';
import { StatCard } from './StatCard';

/** The dashboard's "my page", "personal info" and "my office" sections (docs/product.md §2), each leading to its screen. */
export function AccountShortcuts({ user }: { user: UserProfile }) {
  const office = useQuery({
    queryKey: officeQueryKey(user._id),
    queryFn: ({ signal }) => officesApi.get(user._id, signal),
  });
  const officeLine = office.data?.office
    ? office.data.office.name
    : office.data?.pending_request
      ? `Demande envoyée à ${office.data.pending_request.name}`
      : office.isPending
        ? '…'
        : `Aucun ${sector.words.office} pour l’instant`;
  return (
    <>
      <StatCard
        title="Ma page"
        icon={<Person />}
        value={
          <Typography color="text.secondary">
            {user.presentation_title ?? 'Votre présentation, vos domaines et vos honoraires.'}
          </Typography>
        }
        action={
          <Button
            href={`/${sector.routes.profile}/${user.userUri}`}
            target="_blank"
            rel="noopener"
            size="small"
            sx={{ alignSelf: 'flex-start' }}
          >
            Voir ma page publique
          </Button>
        }
      />
      <StatCard
        title="Informations personnelles"
        icon={<Badge />}
        value={
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
            {user.telephone ? ` · ${user.telephone}` : ''}
          </Typography>
        }
        action={
          <Button component={RouterLink} to="/setting#compte" size="small" sx={{ alignSelf: 'flex-start' }}>
            Gérer mon compte
          </Button>
        }
      />
      <StatCard
        title={`Mon ${sector.words.office}`}
        icon={<Business />}
        value={<Typography color="text.secondary">{officeLine}</Typography>}
        action={
          <Button component={RouterLink} to="/mon-etude" size="small" sx={{ alignSelf: 'flex-start' }}>
            {office.data?.office ? `Voir mon ${sector.words.office}` : 'Créer ou rejoindre'}
          </Button>
        }
      />
    </>
  );
}
