import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { SettingsCard } from './SettingsCard';

/**
 * "a professional can opt out of indexing": off adds noindex to the public profile (meta and
 * X-Robots-Tag) and leaves it out of the sitemap. The page stays reachable on the site itself.
 */
export function SearchVisibilityCard({
  indexable,
  saving,
  error,
  onChange,
}: {
  indexable: boolean;
  saving: boolean;
  error: string | null;
  onChange: (indexable: boolean) => void;
}) {
  return (
    <SettingsCard
      title="Référencement"
      text="Votre page publique dans Google et les autres moteurs de recherche."
    >
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <FormControlLabel
        control={
          <Switch checked={indexable} disabled={saving} onChange={(e) => onChange(e.target.checked)} />
        }
        label={
          <Box>
            <Typography>Apparaître dans les moteurs de recherche</Typography>
            <Typography variant="body2" color="text.secondary">
              {indexable
                ? 'Activé : votre page peut apparaître dans les résultats de recherche'
                : 'Désactivé : votre page reste visible sur le site, mais les moteurs ne l’indexent plus (elle disparaît de leurs résultats sous quelques semaines)'}
            </Typography>
          </Box>
        }
        sx={{ alignItems: 'center', mx: 0, gap: 1 }}
      />
    </SettingsCard>
  );
}
