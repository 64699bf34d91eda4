import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Call from '@mui/icons-material/CallOutlined';
import Mail from '@mui/icons-material/MailOutlined';
import Place from '@mui/icons-material/PlaceOutlined';
import Videocam from '@mui/icons-material/VideocamOutlined';
import type { Appointment, AppointmentStatus } from '../api/events';
import { MODE_LABELS } from '../availability/modes';
import { formatTime } from '../dates';
import { FeeAgreementLine } from './FeeAgreementLine';

const STATUS: Record<
  AppointmentStatus,
  { label: string; color: 'warning' | 'success' | 'default' | 'error' }
> = {
  pending: { label: 'À valider', color: 'warning' },
  confirmed: { label: 'Confirmé', color: 'success' },
  refused: { label: 'Refusé', color: 'default' },
  cancelled: { label: 'Annulé', color: 'error' },
};

const MODE_ICONS = {
  in_person: <Place fontSize="small" />,
  visio: <Videocam fontSize="small" />,
  phone: <Call fontSize="small" />,
};

export function clientName(event: Appointment): string {
  const a = event.attendee;
  if (!a) return 'Client inconnu';
  return [a.civility, a.first_name, a.last_name].filter(Boolean).join(' ') || a.email || 'Client';
}

function DateBlock({ iso, timeZone }: { iso: string; timeZone: string }) {
  const date = new Date(iso);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('fr-FR', { timeZone, ...options }).format(date);
  return (
    <Box
      aria-hidden
      sx={{
        width: 64,
        flexShrink: 0,
        textAlign: 'center',
        borderRadius: 2,
        bgcolor: 'background.default',
        py: 1,
      }}
    >
      <Typography
        variant="caption"
        sx={{ display: 'block', textTransform: 'uppercase', color: 'text.secondary', lineHeight: 1.2 }}
      >
        {part({ weekday: 'short' }).replace('.', '')}
      </Typography>
      <Typography sx={{ fontSize: 24, fontWeight: 700, lineHeight: 1.2 }}>
        {part({ day: 'numeric' })}
      </Typography>
      <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary', lineHeight: 1.2 }}>
        {part({ month: 'short', year: '2-digit' }).replace('.', '')}
      </Typography>
    </Box>
  );
}

/** One appointment of the professional's lists: when, who, why, how, and the actions its state allows. */
export function AppointmentCard({
  event,
  actions,
  children,
}: {
  event: Appointment;
  actions?: ReactNode;
  /** Shown under the details (e.g. the availabilities the client proposed). */
  children?: ReactNode;
}) {
  const status = STATUS[event.status];
  const when = new Intl.DateTimeFormat('fr-FR', {
    timeZone: event.timezone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(event.start));
  const name = clientName(event);
  const titleId = `event-${event._id}`;
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId}>
      <Box sx={{ display: 'flex', gap: 2, p: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
        <DateBlock iso={event.start} timeZone={event.timezone} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography id={titleId} component="h3" sx={{ fontWeight: 650 }}>
              {name}
            </Typography>
            <Chip
              size="small"
              label={status.label}
              color={status.color}
              variant={event.status === 'confirmed' ? 'outlined' : 'filled'}
            />
          </Stack>
          <Typography sx={{ mt: 0.25 }}>
            <Box
              component="span"
              sx={{ '&::first-letter': { textTransform: 'uppercase' }, display: 'inline-block' }}
            >
              {when}
            </Box>
            , {formatTime(event.start, event.timezone)} – {formatTime(event.end, event.timezone)}
            {event.motive || event.title ? ` · ${event.motive?.title ?? event.title}` : ''}
          </Typography>
          <Stack
            direction="row"
            spacing={2}
            sx={{ mt: 0.75, flexWrap: 'wrap', rowGap: 0.5, color: 'text.secondary' }}
          >
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              {MODE_ICONS[event.mode as keyof typeof MODE_ICONS]}
              <Typography variant="body2">{MODE_LABELS[event.mode]}</Typography>
            </Stack>
            {event.attendee?.email ? (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <Mail fontSize="small" />
                <Link variant="body2" href={`mailto:${event.attendee.email}`} color="inherit">
                  {event.attendee.email}
                </Link>
              </Stack>
            ) : null}
            {event.attendee?.phone ? (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <Call fontSize="small" />
                <Link variant="body2" href={`tel:${event.attendee.phone}`} color="inherit">
                  {event.attendee.phone}
                </Link>
              </Stack>
            ) : null}
            {event.visioUrl && event.status !== 'cancelled' && event.status !== 'refused' ? (
              <Link variant="body2" href={event.visioUrl} target="_blank" rel="noopener">
                Lien de la visio
              </Link>
            ) : null}
          </Stack>
          {event.notes ? (
            <Typography
              variant="body2"
              sx={{
                mt: 1,
                px: 1.5,
                py: 1,
                bgcolor: 'background.default',
                borderRadius: 1.5,
                whiteSpace: 'pre-line',
              }}
            >
              {event.notes}
            </Typography>
          ) : null}
          {event.status === 'refused' && event.refusalReason ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Motif du refus : {event.refusalReason}
            </Typography>
          ) : null}
          {event.status === 'cancelled' ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {event.cancelledBy === 'attendee'
                ? 'Annulé par le client'
                : event.cancelledBy === 'user'
                  ? 'Annulé par vous'
                  : 'Annulé'}
              {event.cancellationReason ? ` : ${event.cancellationReason}` : ''}
            </Typography>
          ) : null}
          {event.payment ? <PaymentLine payment={event.payment} /> : null}
          <FeeAgreementLine event={event} />
          {children}
        </Box>
        {actions ? (
          <Stack
            direction={{ xs: 'row', sm: 'column' }}
            spacing={1}
            sx={{
              alignItems: { xs: 'center', sm: 'stretch' },
              flexWrap: 'wrap',
              rowGap: 1,
              minWidth: { sm: 150 },
            }}
          >
            {actions}
          </Stack>
        ) : null}
      </Box>
    </Card>
  );
}

const PAYMENT_LABELS: Record<NonNullable<Appointment['payment']>['status'], string> = {
  awaiting_payment: 'Paiement en cours : le client est sur la page de paiement (créneau réservé 15 minutes)',
  authorized: 'Carte autorisée : débitée quand vous validez',
  captured: 'Payé',
  refunded: 'Remboursé intégralement',
  partially_refunded: 'Remboursé en partie',
  expired: 'Non payé dans les 15 minutes : créneau libéré',
  legal_aid: 'Aide juridictionnelle totale déclarée par le client : sans paiement',
  failed: 'Paiement refusé',
};

const euros = (cents: number) =>
  (cents / 100).toLocaleString('fr-FR', { style: 'currency', currency: 'EUR' });

/** The payment of a paid motive's appointment: its state, the amount and what was refunded. */
function PaymentLine({ payment }: { payment: NonNullable<Appointment['payment']> }) {
  return (
    <Typography
      variant="body2"
      sx={{ mt: 1, fontWeight: payment.legalAid ? 600 : undefined }}
      color={payment.status === 'failed' ? 'error' : 'text.secondary'}
    >
      {payment.legalAid
        ? PAYMENT_LABELS.legal_aid
        : `${euros(payment.amountCents)} TTC — ${PAYMENT_LABELS[payment.status]}`}
      {payment.refundedCents > 0 && payment.status === 'partially_refunded'
        ? ` (${euros(payment.refundedCents)} remboursés)`
        : ''}
    </Typography>
  );
}
