import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserProfile } from '../api/auth';
import { RouterLink } from '../components/RouterLink';
import { sector } from '../sector';

/**
 * "Mon profil" on the dashboard: whether the directory shows the professional, what keeps them out of it,
 * and what a complete profile still lacks (from the API's `profile_completeness`).
 */
export function ProfileCompletenessCard({ user }: { user: UserProfile }) {
  const { listed, missing_for_listing: blocking, missing, percent } = user.profile_completeness;
  return (
    <Card variant="outlined" sx={{ mt: 3 }}>
      <CardContent>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
        >
          <Typography component="h2" variant="h6">
            Mon profil public
          </Typography>
          <Chip
            size="small"
            color={listed ? 'success' : 'warning'}
            label={listed ? 'Visible dans l’annuaire' : 'Pas encore visible'}
          />
        </Stack>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5 }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
            aria-label={`Profil complété à ${percent} %`}
          />
          <Typography variant="body2" color="text.secondary" aria-hidden>
            {percent} %
          </Typography>
        </Box>
        {blocking.length > 0 ? (
          <Typography variant="body2" sx={{ mb: 1 }}>
            Pour apparaître dans l’annuaire, il manque : <strong>{blocking.join(', ')}</strong>.
          </Typography>
        ) : null}
        {missing.length > 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Pour un profil complet, ajoutez : {missing.join(', ')}.
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Votre profil est complet.
          </Typography>
        )}
        <Stack direction="row" spacing={1}>
          <Button
            component={RouterLink}
            to="/setting#cabinet"
            size="small"
            variant={listed ? 'text' : 'contained'}
          >
            Compléter mon profil
          </Button>
          {listed ? (
            <Button
              href={`/${sector.routes.profile}/${user.userUri}`}
              size="small"
              target="_blank"
              rel="noopener"
            >
              Voir ma page publique
            </Button>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
