import {
  BooleanField,
  DateField,
  EditButton,
  EmailField,
  FunctionField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import Typography from '@mui/material/Typography';
import { type PendingUserRecord, ResendInvitationButton } from './ResendInvitationButton';

/**
 * The sign-up link carries a secret only the professional's mailbox receives, so the console shows
 * no link: until the professional has chosen a password, the admin re-sends the invitation.
 */
function RegistrationStatus({ record }: { record: PendingUserRecord }) {
  if (record.registrationComplete) return <Typography variant="body2">Inscription terminée</Typography>;
  return (
    <Typography variant="body2">
      En attente : le professionnel n’a pas encore choisi son mot de passe (invisible sur le site)
    </Typography>
  );
}

function UserActions() {
  return (
    <TopToolbar>
      <ResendInvitationButton />
      <EditButton />
    </TopToolbar>
  );
}

export function UserShow() {
  return (
    <Show actions={<UserActions />}>
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
        <FunctionField<PendingUserRecord>
          source="registrationComplete"
          render={(record) => <RegistrationStatus record={record} />}
        />
        <DateField source="createdAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
