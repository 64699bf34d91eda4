import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Construction from '@mui/icons-material/ConstructionOutlined';
import { ComingSoon } from '../components/ComingSoon';
import { PageTitle } from '../components/PageTitle';

/** A page of the menu whose feature arrives with a later issue; it says so plainly. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageTitle title={title} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        <ComingSoon />
      </Stack>
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', py: 4 }}>
          <Construction color="action" />
          <Box>
            <Typography sx={{ fontWeight: 600 }}>Cette section arrive prochainement.</Typography>
            <Typography color="text.secondary">{description}</Typography>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
