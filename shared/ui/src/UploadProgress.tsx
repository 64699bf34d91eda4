import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/**
 * The progress of a file being sent: a determinate bar fed by the browser's upload events (the bytes
 * really sent, not a spinner) and the percentage in words for screen readers and sighted users alike.
 * `fraction` is 0 to 1; once everything is sent the server still checks and stores the file, which
 * the label says.
 */
export function UploadProgress({
  fraction,
  label = 'Envoi du fichier',
}: {
  fraction: number;
  label?: string;
}) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  const text = percent >= 100 ? `${label} : vérification…` : `${label} : ${percent} %`;
  return (
    <Box sx={{ width: '100%' }}>
      <LinearProgress variant="determinate" value={percent} aria-label={label} />
      <Typography variant="caption" color="text.secondary" role="status">
        {text}
      </Typography>
    </Box>
  );
}
