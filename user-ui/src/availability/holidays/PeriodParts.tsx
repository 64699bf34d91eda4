import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useFormError } from '../../components/useFormError';

/** The building blocks the sections of the holidays page share: a card, a list of periods, an add form. */

export function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent sx={{ p: 3 }}>
        <Typography component="h2" variant="h6">
          {title}
        </Typography>
        <Typography color="text.secondary" variant="body2" sx={{ mb: 2.5 }}>
          {text}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export function PeriodList({
  items,
  empty,
}: {
  items: {
    id: string;
    primary: string;
    secondary?: string | null;
    onDelete: () => void;
    deleteLabel: string;
  }[];
  empty: string;
}) {
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" variant="body2" sx={{ py: 1 }}>
        {empty}
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      sx={{ m: 0, p: 0, listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      {items.map((item, index) => (
        <Box
          component="li"
          key={item.id}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            px: 2,
            py: 1.25,
            borderTop: index ? 1 : 0,
            borderColor: 'divider',
          }}
        >
          <Box sx={{ flex: 1 }}>
            <Typography sx={{ fontWeight: 500 }}>{item.primary}</Typography>
            {item.secondary ? (
              <Typography variant="body2" color="text.secondary">
                {item.secondary}
              </Typography>
            ) : null}
          </Box>
          <IconButton aria-label={item.deleteLabel} onClick={item.onDelete}>
            <DeleteOutline />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}

export const dateProps = { inputLabel: { shrink: true } };

/** One line of fields (a column on small screens). */
export function FieldRow({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
      {children}
    </Stack>
  );
}

/**
 * The add form under a list of periods: the fields (laid out by `children` around the Ajouter
 * button), the error of the last add. Once `onAdd` resolves the form is emptied, then `onAdded` runs.
 */
export function AddPeriodForm<T extends FieldValues>({
  label,
  form,
  onAdd,
  onAdded,
  children,
}: {
  label: string;
  form: UseFormReturn<T>;
  onAdd: (values: T) => Promise<unknown>;
  onAdded: () => Promise<void>;
  children: (submitButton: ReactNode) => ReactNode;
}) {
  const { formError, attempt } = useFormError();
  const submit = form.handleSubmit((values) =>
    attempt(async () => {
      await onAdd(values);
      form.reset();
      await onAdded();
    }),
  );
  const submitButton = (
    <Button
      type="submit"
      variant="contained"
      loading={form.formState.isSubmitting}
      sx={{ flexShrink: 0, mt: { md: 1 } }}
    >
      Ajouter
    </Button>
  );
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={label} sx={{ mt: 2.5 }}>
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
      {children(submitButton)}
    </Box>
  );
}
