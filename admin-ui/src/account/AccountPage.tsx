import { Title, useRedirect } from 'react-admin';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { api } from '../api/client';
import { SecondFactorsPanel } from '@rdv/ui';

/** `/admin/mon-compte`: the administrator's own second factors (the console sends here when one is required). */
export function AccountPage() {
  const redirect = useRedirect();
  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Title title="Mon compte" />
      <CardContent>
        <SecondFactorsPanel api={api} onEnrolled={() => redirect('/mon-compte')} />
      </CardContent>
    </Card>
  );
}
