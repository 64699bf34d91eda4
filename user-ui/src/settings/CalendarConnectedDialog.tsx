import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { calendarSyncApi, type CalendarConnection } from '../api/calendar-sync';
import { useFormError } from '../components/useFormError';

const NOWHERE = 'nulle-part';
const KEEP = 'garder';

/**
 * Right after an account is connected: its main calendar already blocks (the server's default); the lawyer
 * chooses here whether every calendar of the account blocks, and where validated appointments are written.
 */
export function CalendarConnectedDialog({
  userId,
  connection,
  currentTarget,
  onClose,
}: {
  userId: string;
  connection: CalendarConnection;
  /** the write target the lawyer already has, in another account (kept unless they choose here) */
  currentTarget: { displayName: string } | null;
  onClose: (changed: boolean) => void;
}) {
  const main = connection.calendars.find((c) => c.useForBusy) ?? connection.calendars[0];
  const [blocking, setBlocking] = useState<'main' | 'all'>('main');
  const [target, setTarget] = useState<string>(
    connection.calendars.find((c) => c.isWriteTarget)?.id ?? (currentTarget ? KEEP : (main?.id ?? NOWHERE)),
  );
  const { formError, attempt } = useFormError();
  const [saving, setSaving] = useState(false);
  const several = connection.calendars.length > 1;

  const save = () =>
    attempt(async () => {
      setSaving(true);
      try {
        for (const calendar of connection.calendars) {
          const useForBusy = blocking === 'all' || calendar.id === main?.id;
          const isWriteTarget = calendar.id === target;
          const choices = {
            ...(useForBusy !== calendar.useForBusy ? { useForBusy } : {}),
            ...(isWriteTarget !== calendar.isWriteTarget ? { isWriteTarget } : {}),
          };
          if (Object.keys(choices).length > 0)
            await calendarSyncApi.updateCalendar(userId, connection.id, calendar.id, choices);
        }
        onClose(true);
      } finally {
        setSaving(false);
      }
    });

  if (!main) return null;
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="calendar-connected-title" fullWidth>
      <DialogTitle id="calendar-connected-title">Calendrier connecté : {connection.accountLabel}</DialogTitle>
      <DialogContent>
        <Stack spacing={3}>
          <Typography>
            Les événements de « {main.displayName} » bloquent déjà vos créneaux en ligne : un client ne peut
            pas réserver pendant un de vos rendez-vous.
          </Typography>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          {several ? (
            <FormControl>
              <FormLabel id="calendar-connected-blocking">
                Quels calendriers bloquent vos créneaux ?
              </FormLabel>
              <RadioGroup
                aria-labelledby="calendar-connected-blocking"
                value={blocking}
                onChange={(e) => setBlocking(e.target.value as 'main' | 'all')}
              >
                <FormControlLabel
                  value="main"
                  control={<Radio />}
                  label={`Le calendrier principal seulement (« ${main.displayName} »)`}
                />
                <FormControlLabel
                  value="all"
                  control={<Radio />}
                  label={`Tous les calendriers de ce compte (${connection.calendars.length})`}
                />
              </RadioGroup>
            </FormControl>
          ) : null}
          <TextField
            select
            label="Où inscrire vos rendez-vous validés ?"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            helperText="Vos rendez-vous validés y apparaissent, mis à jour s’ils sont déplacés ou annulés."
          >
            {connection.calendars.map((calendar) => (
              <MenuItem key={calendar.id} value={calendar.id}>
                Dans « {calendar.displayName} »
              </MenuItem>
            ))}
            {currentTarget ? (
              <MenuItem value={KEEP}>Garder « {currentTarget.displayName} » (autre compte)</MenuItem>
            ) : null}
            {currentTarget ? null : <MenuItem value={NOWHERE}>Nulle part pour l’instant</MenuItem>}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Plus tard</Button>
        <Button variant="contained" loading={saving} onClick={() => void save()}>
          Enregistrer ces choix
        </Button>
      </DialogActions>
    </Dialog>
  );
}
