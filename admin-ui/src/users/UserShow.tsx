import {
  BooleanField,
  DateField,
  EmailField,
  FunctionField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
} from 'react-admin';
import Typography from '@mui/material/Typography';

interface UserRecord {
  id: string;
  registrationComplete?: boolean;
}

/** Until the professional has chosen a password, the admin can hand them their sign-up link. */
function RegistrationStatus({ record }: { record: UserRecord }) {
  if (record.registrationComplete) return <Typography variant="body2">Inscription terminée</Typography>;
  const link = `${window.location.origin}/user/inscription/${record.id}`;
  return (
    <Typography variant="body2">
      En attente — lien d’inscription : <a href={link}>{link}</a>
    </Typography>
  );
}

export function UserShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="first_name" />
        <TextField source="last_name" />
        <EmailField source="email" />
        <TextField source="username" />
        <TextField source="userUri" />
        <TextField source="telephone" emptyText="—" />
        <ReferenceField source="teamId" reference="teams" link="show" emptyText="—">
          <TextField source="name" />
        </ReferenceField>
        <BooleanField source="isActive" />
        <BooleanField source="indexable" />
        <FunctionField<UserRecord>
          source="registrationComplete"
          render={(record) => <RegistrationStatus record={record} />}
        />
        <DateField source="createdAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
