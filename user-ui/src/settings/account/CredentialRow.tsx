import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** One sign-in credential (address, phone, password): its value, its status, and the button that changes it. */
export function CredentialRow({
  label,
  value,
  status,
  onChange,
}: {
  label: string;
  value: string;
  status?: ReactNode;
  onChange: () => void;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <Stack sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{value}</Typography>
          {status}
        </Stack>
      </Stack>
      <Button onClick={onChange} aria-label={`Changer : ${label.toLowerCase()}`}>
        Changer
      </Button>
    </Stack>
  );
}
