import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** One card of the settings page: its heading, one line saying what it is for, its content. */
export function SettingsCard({
  id,
  title,
  text,
  children,
}: {
  /** Anchor of the card, so other pages can link to it (`/setting#id`). */
  id?: string;
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <Card variant="outlined" id={id} sx={{ scrollMarginTop: 80 }}>
      <CardContent sx={{ p: 3 }}>
        <Box sx={{ mb: 2 }}>
          <Typography component="h2" variant="h6">
            {title}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {text}
          </Typography>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The form of a settings card: its fields, the error of the last save (or a success line) read out as it
 * appears, and "Enregistrer", enabled once something changed.
 */
export function SettingsForm({
  label,
  onSubmit,
  formError,
  success,
  submitting,
  dirty,
  actions,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  formError: string | null;
  success?: string | null;
  submitting: boolean;
  dirty: boolean;
  /** Shown beside the save button (e.g. a link to the public page). */
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
      <Box aria-live="polite">
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : success ? (
          <Alert severity="success" sx={{ mb: 2 }}>
            {success}
          </Alert>
        ) : null}
      </Box>
      <Stack spacing={2}>
        {children}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" loading={submitting} disabled={!dirty}>
            Enregistrer
          </Button>
          {actions}
        </Stack>
      </Stack>
    </Box>
  );
}
