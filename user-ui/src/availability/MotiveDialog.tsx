import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { RouterLink } from '../components/RouterLink';
import type { Motive, MotivePayload } from '../api/availability';
import { FormDialog } from '../components/FormDialog';
import { FormTextField } from '../components/FormTextField';
import { useFormError } from '../components/useFormError';
import { FeeAgreementEditor } from './FeeAgreementEditor';
import { MODE_LABELS } from './modes';
import { sector } from '../sector';
import {
  centsToPrice,
  motiveSchema,
  noticeToForm,
  type MotiveFormOutput,
  type MotiveFormValues,
} from './validation';

const EMPTY: MotiveFormValues = {
  title: '',
  durationMinutes: '30',
  noticeValue: '24',
  noticeUnit: 'hours',
  notBeforeHour: '',
  notAfterMonths: '3',
  inPersonAllowed: true,
  visioAllowed: false,
  phoneAllowed: false,
  isActive: true,
  price: '',
  paymentRule: 'free',
  cancellationDeadlineHours: '24',
  lateCancellationRefund: 'none',
  acceptsLegalAid: false,
};

function toForm(motive: Motive | null): MotiveFormValues {
  if (!motive) return EMPTY;
  return {
    title: motive.title,
    durationMinutes: String(motive.durationMinutes),
    ...noticeToForm(motive.noticeMinutes),
    notBeforeHour: motive.notBeforeHour === null ? '' : String(motive.notBeforeHour),
    notAfterMonths: String(motive.notAfterMonths),
    inPersonAllowed: motive.inPersonAllowed,
    visioAllowed: motive.visioAllowed,
    phoneAllowed: motive.phoneAllowed,
    isActive: motive.isActive,
    price: centsToPrice(motive.priceCents),
    paymentRule: motive.paymentRule,
    cancellationDeadlineHours: String(motive.cancellationDeadlineHours),
    lateCancellationRefund: motive.lateCancellationRefund,
    acceptsLegalAid: motive.acceptsLegalAid,
  };
}

const MODE_FIELDS = [
  { name: 'inPersonAllowed', mode: 'in_person' },
  { name: 'visioAllowed', mode: 'visio' },
  { name: 'phoneAllowed', mode: 'phone' },
] as const;

interface MotiveDialogProps {
  open: boolean;
  /** null = a new motive. */
  motive: Motive | null;
  /** Modes switched off in the agenda settings: the motive may allow them, visitors will not see them. */
  disabledModes?: { visio: boolean; phone: boolean };
  onClose: () => void;
  /** Offered when editing: asks the page to confirm and delete the motive. */
  onDelete?: () => void;
  /** Resolves when saved; rejects with the API's (French) message. */
  onSubmit: (payload: MotivePayload) => Promise<unknown>;
}

/** The motive dialog (docs/product.md §2): title, duration, booking rules, modes, active flag. */
export function MotiveDialog({
  open,
  motive,
  disabledModes,
  onClose,
  onDelete,
  onSubmit,
}: MotiveDialogProps) {
  const { formError, clearFormError, attempt } = useFormError();
  const { control, handleSubmit, reset, formState } = useForm<MotiveFormValues, unknown, MotiveFormOutput>({
    resolver: zodResolver(motiveSchema),
    defaultValues: toForm(motive),
  });

  useEffect(() => {
    if (open) {
      reset(toForm(motive));
      clearFormError();
    }
  }, [open, motive, reset, clearFormError]);

  const submit = handleSubmit((payload) =>
    attempt(async () => {
      await onSubmit(payload);
      onClose();
    }),
  );

  const modesError = formState.errors.inPersonAllowed?.message;
  const paid = useWatch({ control, name: 'paymentRule' }) === 'at_booking';

  return (
    <FormDialog
      open={open}
      title={motive ? 'Modifier le motif' : 'Nouveau motif de rendez-vous'}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={motive ? 'Enregistrer' : 'Créer le motif'}
      submitting={formState.isSubmitting}
      formError={formError}
      maxWidth="sm"
      onDelete={motive ? onDelete : undefined}
    >
      <FormTextField
        control={control}
        name="title"
        label="Titre du motif"
        placeholder="Première consultation"
        autoFocus
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="durationMinutes"
          label="Durée"
          helperText="Un multiple de 5 minutes"
          slotProps={{
            htmlInput: { inputMode: 'numeric' },
            input: { endAdornment: <InputAdornment position="end">min</InputAdornment> },
          }}
        />
        <FormTextField
          control={control}
          name="notAfterMonths"
          label="Réservable jusqu’à"
          helperText="Horizon de réservation, de 1 à 24 mois"
          slotProps={{
            htmlInput: { inputMode: 'numeric' },
            input: { endAdornment: <InputAdornment position="end">mois</InputAdornment> },
          }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Stack direction="row" spacing={1} sx={{ flex: 1 }}>
          <FormTextField
            control={control}
            name="noticeValue"
            label="Délai minimum avant le rendez-vous"
            helperText="Aucun créneau proposé plus tôt"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <FormTextField
            control={control}
            name="noticeUnit"
            label="Unité"
            select
            sx={{ width: 130, flexShrink: 0 }}
          >
            <MenuItem value="minutes">minutes</MenuItem>
            <MenuItem value="hours">heures</MenuItem>
            <MenuItem value="days">jours</MenuItem>
          </FormTextField>
        </Stack>
        <FormTextField
          control={control}
          name="notBeforeHour"
          label="Pas de rendez-vous avant"
          select
          sx={{ flex: 1 }}
          helperText="Heure de début la plus tôt dans la journée"
        >
          <MenuItem value="">Aucune limite</MenuItem>
          {Array.from({ length: 24 }, (_, hour) => (
            <MenuItem key={hour} value={String(hour)}>
              {`${hour} h`}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
      <FormControl component="fieldset" error={Boolean(modesError)}>
        <FormLabel component="legend">Modes de rendez-vous proposés</FormLabel>
        <FormGroup row>
          {MODE_FIELDS.map(({ name, mode }) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      name={field.name}
                    />
                  }
                  label={MODE_LABELS[mode]}
                />
              )}
            />
          ))}
        </FormGroup>
        {modesError ? <FormHelperText>{modesError}</FormHelperText> : null}
        {disabledModes?.visio || disabledModes?.phone ? (
          <FormHelperText>
            {[disabledModes.visio ? 'la visio' : null, disabledModes.phone ? 'le téléphone' : null]
              .filter(Boolean)
              .join(' et ')}{' '}
            {disabledModes.visio && disabledModes.phone ? 'sont désactivés' : 'est désactivé'} dans vos
            paramètres : ces modes ne seront pas proposés tant qu’ils restent désactivés.
          </FormHelperText>
        ) : null}
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend">Tarif et règlement</FormLabel>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
          <FormTextField
            control={control}
            name="price"
            label="Prix TTC"
            helperText="Affiché sur votre profil et à la réservation ; vide = non affiché"
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
            }}
          />
          <FormTextField control={control} name="paymentRule" label="Règlement" select sx={{ flex: 1 }}>
            <MenuItem value="free">Pas de paiement en ligne</MenuItem>
            <MenuItem value="at_booking">Payé en ligne à la réservation</MenuItem>
          </FormTextField>
        </Stack>
        {paid ? (
          <>
            <FormHelperText>
              La carte du client est autorisée à la réservation et débitée quand vous validez le rendez-vous ;
              un rendez-vous que vous refusez ou annulez est remboursé intégralement.
            </FormHelperText>
            <FormHelperText>
              Les paiements arrivent sur votre compte de paiement : s’il n’est pas encore ouvert,{' '}
              <Link component={RouterLink} to="/user/paiements">
                activez l’encaissement en ligne dans « Mes paiements »
              </Link>
              .
            </FormHelperText>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
              <FormTextField
                control={control}
                name="cancellationDeadlineHours"
                label="Annulation gratuite jusqu’à"
                helperText="Heures avant le rendez-vous (remboursement intégral)"
                slotProps={{
                  htmlInput: { inputMode: 'numeric' },
                  input: { endAdornment: <InputAdornment position="end">h</InputAdornment> },
                }}
              />
              <FormTextField
                control={control}
                name="lateCancellationRefund"
                label="Annulation plus tardive"
                select
                sx={{ flex: 1 }}
              >
                <MenuItem value="none">Non remboursée</MenuItem>
                <MenuItem value="half">Remboursée à moitié</MenuItem>
                <MenuItem value="all">Remboursée intégralement</MenuItem>
              </FormTextField>
            </Stack>
            <Controller
              control={control}
              name="acceptsLegalAid"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                  }
                  label="J’accepte les clients bénéficiaires de l’aide juridictionnelle totale (réservation sans paiement)"
                />
              )}
            />
            {/* Lawyers only: the written fee agreement of a paid motive, once the motive is saved with its price. */}
            {sector.key === 'lawyer' && motive?.paymentRule === 'at_booking' ? (
              <FeeAgreementEditor motiveId={motive.id} />
            ) : sector.key === 'lawyer' ? (
              <FormHelperText>
                Enregistrez le motif payant, puis rouvrez-le pour rédiger sa convention d’honoraires.
              </FormHelperText>
            ) : null}
          </>
        ) : null}
      </FormControl>
      <Controller
        control={control}
        name="isActive"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label="Motif actif (proposé à la réservation en ligne)"
          />
        )}
      />
    </FormDialog>
  );
}
