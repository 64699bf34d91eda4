import Chip from '@mui/material/Chip';

/** Marks a feature that arrives with a later issue, so nobody mistakes a placeholder for a bug. */
export function ComingSoon() {
  return <Chip label="Bientôt disponible" size="small" variant="outlined" sx={{ fontWeight: 500 }} />;
}
