import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { feeNotesApi, type FeeNote, type FeeNoteSettings } from '../api/fee-notes';
import { QueryState } from '../components/QueryState';
import { useFormError } from '../components/useFormError';
import { SettingsCard, SettingsForm } from '../settings/SettingsCard';

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const dateOf = (isoDay: string) => isoDay.split('-').reverse().join('/');

/** The notes issued on the professional's behalf: each fee note and credit note, with its PDF. */
export function FeeNotesCard({ userId }: { userId: string }) {
  const query = useQuery({
    queryKey: ['fee-notes', userId],
    queryFn: ({ signal }) => feeNotesApi.list(userId, signal),
  });
  const { formError, attempt } = useFormError();
  const notes = query.data?.data;
  return (
    <SettingsCard
      title="Notes d’honoraires et avoirs"
      text="Émises en votre nom à chaque encaissement (et un avoir à chaque remboursement), envoyées au client et classées dans son dossier."
    >
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => query.refetch()} rows={2}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        {notes && notes.length === 0 ? (
          <Typography>Aucune note d’honoraires pour l’instant.</Typography>
        ) : notes ? (
          <Table size="small" aria-label="Notes d’honoraires">
            <TableHead>
              <TableRow>
                <TableCell>Numéro</TableCell>
                <TableCell>Date</TableCell>
                <TableCell align="right">HT</TableCell>
                <TableCell align="right">TVA</TableCell>
                <TableCell align="right">TTC</TableCell>
                <TableCell align="right">PDF</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {notes.map((note: FeeNote) => {
                const sign = note.kind === 'credit_note' ? -1 : 1;
                return (
                  <TableRow key={note.id}>
                    <TableCell>
                      {note.kind === 'credit_note' ? 'Avoir' : 'Note d’honoraires'} {note.number}
                      {note.creditedNumber ? (
                        <Typography
                          component="span"
                          variant="body2"
                          color="text.secondary"
                          sx={{ display: 'block' }}
                        >
                          sur la note {note.creditedNumber}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>{dateOf(note.issuedOn)}</TableCell>
                    <TableCell align="right">{euros(sign * note.totalHtCents)}</TableCell>
                    <TableCell align="right">{euros(sign * note.totalVatCents)}</TableCell>
                    <TableCell align="right">{euros(sign * note.totalTtcCents)}</TableCell>
                    <TableCell align="right">
                      <Button size="small" onClick={() => void attempt(() => feeNotesApi.downloadPdf(note))}>
                        Télécharger
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        ) : null}
      </QueryState>
    </SettingsCard>
  );
}

/** What the fee notes print about VAT: the franchise mention, or the VAT number and rate; and the SIRET. */
export function FeeNoteSettingsCard({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['fee-note-settings', userId],
    queryFn: ({ signal }) => feeNotesApi.settings(userId, signal),
  });
  const [form, setForm] = useState<FeeNoteSettings | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (query.data) setForm(query.data);
  }, [query.data]);
  const { formError, attempt } = useFormError();
  const save = useMutation({
    mutationFn: (values: FeeNoteSettings) =>
      feeNotesApi.saveSettings(userId, {
        vat_regime: values.vat_regime,
        vat_number: values.vat_regime === 'vat' ? values.vat_number?.trim() || null : null,
        vat_rate: values.vat_rate,
        siret: values.siret?.replace(/\s+/g, '') || null,
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(['fee-note-settings', userId], data);
      setSaved(true);
    },
  });
  const dirty = Boolean(form && query.data && JSON.stringify(form) !== JSON.stringify(query.data));
  const set = (patch: Partial<FeeNoteSettings>) => {
    setSaved(false);
    setForm((current) => (current ? { ...current, ...patch } : current));
  };
  return (
    <SettingsCard
      title="TVA et SIRET de vos notes d’honoraires"
      text="Imprimés sur chaque note émise en votre nom. Sans TVA, la note porte la mention « TVA non applicable, art. 293 B du CGI »."
    >
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => query.refetch()} rows={2}>
        {form ? (
          <SettingsForm
            label="TVA des notes d’honoraires"
            onSubmit={async (event) => {
              event?.preventDefault();
              await attempt(() => save.mutateAsync(form));
            }}
            formError={formError}
            success={saved ? 'Enregistré : vos prochaines notes l’appliqueront.' : null}
            submitting={save.isPending}
            dirty={dirty}
          >
            <RadioGroup
              aria-label="Régime de TVA"
              value={form.vat_regime}
              onChange={(event) => set({ vat_regime: event.target.value as FeeNoteSettings['vat_regime'] })}
            >
              <FormControlLabel
                value="franchise"
                control={<Radio />}
                label="Franchise en base (pas de TVA)"
              />
              <FormControlLabel value="vat" control={<Radio />} label="Assujetti à la TVA" />
            </RadioGroup>
            {form.vat_regime === 'vat' ? (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Numéro de TVA intracommunautaire"
                  value={form.vat_number ?? ''}
                  onChange={(event) => set({ vat_number: event.target.value })}
                  placeholder="FR12345678901"
                />
                <TextField
                  label="Taux de TVA (%)"
                  type="number"
                  value={form.vat_rate}
                  onChange={(event) => set({ vat_rate: Number(event.target.value) })}
                />
              </Stack>
            ) : null}
            <TextField
              label="SIRET du cabinet (facultatif)"
              value={form.siret ?? ''}
              onChange={(event) => set({ siret: event.target.value })}
              helperText="14 chiffres ; à défaut, le SIRET de votre cabinet s’il est connu"
            />
          </SettingsForm>
        ) : null}
      </QueryState>
    </SettingsCard>
  );
}
