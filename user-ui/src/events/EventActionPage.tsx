import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { eventsApi, type EventAction } from '../api/events';
import { MODE_LABELS } from '../availability/modes';
import { RouterLink } from '../components/RouterLink';
import { formatRange } from '../dates';
import { AuthLayout } from '../layout/AuthLayout';
import { clientName } from './AppointmentCard';

export const INVALID_LINK_MESSAGE = 'Ce lien n’est pas valide ou a expiré';

const TITLES: Record<EventAction, string> = {
  validate: 'Validation du rendez-vous',
  refuse: 'Refus du rendez-vous',
};

/**
 * `/user/event-action?token=&action=validate|refuse`: the buttons of the professional's mail. The signed token
 * is the authority (no session needed); the page acts once and shows the result.
 */
export function EventActionPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const raw = params.get('action');
  const action: EventAction | null = raw === 'validate' || raw === 'refuse' ? raw : null;
  const queryClient = useQueryClient();
  const result = useQuery({
    queryKey: ['event-action', token, action],
    queryFn: ({ signal }) => eventsApi.eventAction(token, action as EventAction, signal),
    enabled: Boolean(token && action),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });

  useEffect(() => {
    if (result.isSuccess) {
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      void queryClient.invalidateQueries({ queryKey: ['events-futur-count'] });
    }
  }, [result.isSuccess, queryClient]);

  const title = action ? TITLES[action] : 'Rendez-vous';
  const event = result.data?.event;

  return (
    <AuthLayout title={title}>
      {!token || !action ? (
        <Alert severity="error">{INVALID_LINK_MESSAGE}</Alert>
      ) : result.isPending ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <Typography>
            {action === 'validate' ? 'Validation du rendez-vous…' : 'Refus du rendez-vous…'}
          </Typography>
        </Stack>
      ) : result.error ? (
        <Alert severity="error">{result.error.message}</Alert>
      ) : (
        <Stack spacing={2.5}>
          <Alert severity={action === 'validate' ? 'success' : 'info'}>{result.data?.message}</Alert>
          {event ? (
            <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
              <Typography sx={{ fontWeight: 600 }}>{clientName(event)}</Typography>
              <Typography sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>
                {formatRange(event.start, event.end, event.timezone)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[event.motive?.title ?? event.title, MODE_LABELS[event.mode]].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          ) : null}
        </Stack>
      )}
      <Button component={RouterLink} to="/events" variant="outlined" sx={{ mt: 3 }} fullWidth>
        Voir mes rendez-vous
      </Button>
    </AuthLayout>
  );
}
