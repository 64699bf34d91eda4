import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { availabilityApi } from '../api/availability';
import { useUserId } from '../auth/useUserId';
import { PageHeader } from '../components/PageHeader';
import { DEFAULT_TIMEZONE } from '../dates';
import { HolidaysSection } from './holidays/HolidaysSection';
import { PublicHolidaysSection } from './holidays/PublicHolidaysSection';
import { UnavailabilitiesSection } from './holidays/UnavailabilitiesSection';

/** `/user/periodes-de-vacances`: holidays, one-off unavailability periods and public holidays worked month by month. */
export function HolidaysPage() {
  const userId = useUserId();
  const settings = useQuery({
    queryKey: ['availability-settings', userId],
    queryFn: ({ signal }) => availabilityApi.settings(userId, signal),
  });
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader
        title="Périodes de vacances"
        description="Vos congés, vos indisponibilités ponctuelles et les jours fériés : aucun rendez-vous n’est proposé pendant ces périodes."
      />
      <Stack spacing={3}>
        <HolidaysSection userId={userId} onNotice={setNotice} />
        <UnavailabilitiesSection
          userId={userId}
          timezone={settings.data?.timezone ?? DEFAULT_TIMEZONE}
          onNotice={setNotice}
        />
        <PublicHolidaysSection
          userId={userId}
          holidayCountry={settings.data?.holidayCountry ?? null}
          onNotice={setNotice}
        />
      </Stack>
      <Snackbar
        open={notice !== null}
        autoHideDuration={4000}
        onClose={() => setNotice(null)}
        message={notice}
      />
    </Box>
  );
}
