import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** One card of the dashboard: its heading with an icon, its figure or line, and where to go from it. */
export function StatCard({
  title,
  icon,
  value,
  action,
}: {
  title: string;
  icon: React.ReactNode;
  value: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          {icon}
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, color: 'text.primary' }}>
            {title}
          </Typography>
        </Stack>
        <Box sx={{ flex: 1 }}>{value}</Box>
        {action}
      </CardContent>
    </Card>
  );
}
