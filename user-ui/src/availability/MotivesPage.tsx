import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Edit from '@mui/icons-material/EditOutlined';
import ListAlt from '@mui/icons-material/ListAlt';
import { availabilityApi, type Motive, type MotivePayload } from '../api/availability';
import { useUserId } from '../auth/useUserId';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PageHeader } from '../components/PageHeader';
import { QueryState } from '../components/QueryState';
import { centsToPrice } from './validation';
import { MotiveDialog } from './MotiveDialog';
import { MODE_LABELS } from './modes';

export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${String(rest).padStart(2, '0')}` : `${hours} h`;
}

export function formatNotice(minutes: number): string {
  if (minutes === 0) return 'aucun délai';
  if (minutes % 1440 === 0) return `${minutes / 1440} jour${minutes / 1440 > 1 ? 's' : ''} avant`;
  if (minutes % 60 === 0) return `${minutes / 60} h avant`;
  return `${minutes} min avant`;
}

function MotiveRow({
  motive,
  index,
  count,
  busy,
  onMove,
  onToggle,
  onEdit,
}: {
  motive: Motive;
  index: number;
  count: number;
  busy: boolean;
  onMove: (from: number, to: number) => void;
  onToggle: (motive: Motive) => void;
  onEdit: (motive: Motive) => void;
}) {
  const modes = [
    motive.inPersonAllowed ? MODE_LABELS.in_person : null,
    motive.visioAllowed ? MODE_LABELS.visio : null,
    motive.phoneAllowed ? MODE_LABELS.phone : null,
  ].filter(Boolean);
  const rules = [
    `délai : ${formatNotice(motive.noticeMinutes)}`,
    motive.notBeforeHour !== null ? `pas avant ${motive.notBeforeHour} h` : null,
    `réservable jusqu’à ${motive.notAfterMonths} mois`,
  ].filter(Boolean);
  const titleId = `motive-${motive.id}-title`;
  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      sx={{
        listStyle: 'none',
        display: 'flex',
        alignItems: 'center',
        gap: { xs: 1, sm: 2 },
        px: { xs: 1, sm: 2 },
        py: 1.5,
        borderTop: index ? 1 : 0,
        borderColor: 'divider',
        opacity: motive.isActive ? 1 : 0.65,
      }}
    >
      <Stack spacing={0}>
        <IconButton
          size="small"
          aria-label={`Monter « ${motive.title} »`}
          disabled={index === 0 || busy}
          onClick={() => onMove(index, index - 1)}
        >
          <ArrowUpward fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={`Descendre « ${motive.title} »`}
          disabled={index === count - 1 || busy}
          onClick={() => onMove(index, index + 1)}
        >
          <ArrowDownward fontSize="small" />
        </IconButton>
      </Stack>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography id={titleId} sx={{ fontWeight: 600 }}>
            {motive.title}
          </Typography>
          <Chip
            size="small"
            label={formatDuration(motive.durationMinutes)}
            color="primary"
            variant="outlined"
          />
          {motive.priceCents !== null ? (
            <Chip
              size="small"
              label={`${centsToPrice(motive.priceCents)} € TTC${motive.paymentRule === 'at_booking' ? ' · payé en ligne' : ''}`}
              color={motive.paymentRule === 'at_booking' ? 'success' : 'default'}
              variant="outlined"
            />
          ) : null}
          {!motive.isActive ? <Chip size="small" label="Désactivé" /> : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {modes.join(' · ')} — {rules.join(', ')}
        </Typography>
      </Box>
      <Tooltip title={motive.isActive ? 'Désactiver' : 'Activer'}>
        <Switch
          checked={motive.isActive}
          onChange={() => onToggle(motive)}
          slotProps={{ input: { 'aria-label': `Motif « ${motive.title} » actif` } }}
        />
      </Tooltip>
      <Button
        onClick={() => onEdit(motive)}
        aria-label={`Modifier « ${motive.title} »`}
        sx={{ minWidth: 0, flexShrink: 0 }}
      >
        <Edit fontSize="small" />
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, ml: 1 }}>
          Modifier
        </Box>
      </Button>
    </Box>
  );
}

/** `/user/motifs`: the appointment reasons, their durations and booking rules, in the order visitors see them. */
export function MotivesPage() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const key = ['motives', userId];
  const motives = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => availabilityApi.motives(userId, signal),
  });
  const settings = useQuery({
    queryKey: ['availability-settings', userId],
    queryFn: ({ signal }) => availabilityApi.settings(userId, signal),
  });
  const [dialog, setDialog] = useState<{ motive: Motive | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Motive | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const save = async (payload: MotivePayload) => {
    const editing = dialog?.motive;
    if (editing) await availabilityApi.updateMotive(userId, editing.id, payload);
    else await availabilityApi.createMotive(userId, payload);
    await refresh();
    setNotice(editing ? 'Motif enregistré' : 'Motif créé');
  };

  const reorder = useMutation({
    mutationFn: (ids: string[]) => availabilityApi.reorderMotives(userId, ids),
    onMutate: async (ids) => {
      setActionError(null);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Motive[]>(key);
      if (previous) {
        const byId = new Map(previous.map((m) => [m.id, m]));
        queryClient.setQueryData(
          key,
          ids.map((id) => byId.get(id)).filter((m): m is Motive => Boolean(m)),
        );
      }
      return { previous };
    },
    onError: (error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      setActionError(error.message);
    },
    onSuccess: (list) => queryClient.setQueryData(key, list),
  });

  const toggle = useMutation({
    mutationFn: (motive: Motive) =>
      availabilityApi.updateMotive(userId, motive.id, { isActive: !motive.isActive }),
    onMutate: () => setActionError(null),
    onSuccess: (updated) => {
      queryClient.setQueryData<Motive[]>(key, (list) =>
        list?.map((m) => (m.id === updated.id ? updated : m)),
      );
      setNotice(
        updated.isActive
          ? `« ${updated.title} » est de nouveau proposé`
          : `« ${updated.title} » n’est plus proposé`,
      );
    },
    onError: (error) => setActionError(error.message),
  });

  const move = (from: number, to: number) => {
    const list = motives.data;
    if (!list || to < 0 || to >= list.length) return;
    const ids = list.map((m) => m.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved as string);
    reorder.mutate(ids);
  };

  const list = motives.data ?? [];

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader
        title="Motifs de rendez-vous"
        description="Les raisons pour lesquelles vos clients prennent rendez-vous, leur durée et leurs règles de réservation. L’ordre est celui que vos clients voient."
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ motive: null })}>
            Nouveau motif
          </Button>
        }
      />
      {actionError ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      ) : null}
      <QueryState isPending={motives.isPending} error={motives.error} onRetry={() => motives.refetch()}>
        {list.length === 0 ? (
          <Card variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <ListAlt color="action" sx={{ fontSize: 40 }} />
            <Typography sx={{ fontWeight: 600, mt: 1 }}>Aucun motif pour l’instant</Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Créez au moins un motif pour que vos clients puissent réserver en ligne.
            </Typography>
            <Button variant="outlined" startIcon={<Add />} onClick={() => setDialog({ motive: null })}>
              Créer un motif
            </Button>
          </Card>
        ) : (
          <Card variant="outlined">
            <Box component="ul" aria-label="Motifs de rendez-vous" sx={{ m: 0, p: 0 }}>
              {list.map((motive, index) => (
                <MotiveRow
                  key={motive.id}
                  motive={motive}
                  index={index}
                  count={list.length}
                  busy={reorder.isPending}
                  onMove={move}
                  onToggle={(m) => toggle.mutate(m)}
                  onEdit={(m) => setDialog({ motive: m })}
                />
              ))}
            </Box>
          </Card>
        )}
      </QueryState>
      <MotiveDialog
        open={dialog !== null}
        motive={dialog?.motive ?? null}
        disabledModes={
          settings.data
            ? { visio: !settings.data.visioEnabled, phone: !settings.data.phoneEnabled }
            : undefined
        }
        onClose={() => setDialog(null)}
        onDelete={() => {
          setToDelete(dialog?.motive ?? null);
          setDialog(null);
        }}
        onSubmit={save}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Supprimer ce motif ?"
        text={`« ${toDelete?.title ?? ''} » ne sera plus proposé. Les rendez-vous déjà pris pour ce motif sont conservés. Pour le retirer seulement un temps, désactivez-le plutôt.`}
        confirmLabel="Supprimer le motif"
        destructive
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          const title = toDelete!.title;
          await availabilityApi.deleteMotive(userId, toDelete!.id);
          await refresh();
          setNotice(`« ${title} » a été supprimé`);
        }}
      />
      <Snackbar
        open={notice !== null}
        autoHideDuration={4000}
        onClose={() => setNotice(null)}
        message={notice}
      />
    </Box>
  );
}
