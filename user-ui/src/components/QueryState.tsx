import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** Loading skeleton, or the French error with a retry button, until the data is there. */
export function QueryState({
  isPending,
  error,
  onRetry,
  rows = 3,
  children,
}: {
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  rows?: number;
  children: ReactNode;
}) {
  if (isPending) {
    return (
      <Stack spacing={1.5} aria-busy="true" aria-label="Chargement">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  }
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Réessayer
          </Button>
        }
      >
        {error.message}
      </Alert>
    );
  }
  return <>{children}</>;
}
