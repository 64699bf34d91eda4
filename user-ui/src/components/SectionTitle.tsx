import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The heading of a settings card: an h2 and one line saying what the card is for. */
export function SectionTitle({ title, text }: { title: string; text: string }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      <Typography color="text.secondary" variant="body2">
        {text}
      </Typography>
    </Box>
  );
}
