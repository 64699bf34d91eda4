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

/** What the directory shows of the professional (findable profile). */
interface DirectoryFields extends PendingUserRecord {
  city?: { name: string } | null;
  street?: string | null;
  postal_code?: string | null;
  specialities?: { name: string }[];
  profile_completeness?: { listed: boolean; percent: number; missing_for_listing: string[] };
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
        <FunctionField<DirectoryFields>
          source="city"
          render={(record) =>
            record.city
              ? [record.street, [record.postal_code, record.city.name].filter(Boolean).join(' ')]
                  .filter(Boolean)
                  .join(', ')
              : '—'
          }
        />
        <FunctionField<DirectoryFields>
          source="specialities"
          render={(record) => record.specialities?.map((s) => s.name).join(', ') || '—'}
        />
        <TextField source="fees_info" emptyText="—" />
        <FunctionField<DirectoryFields>
          source="profile_completeness"
          render={(record) =>
            record.profile_completeness
              ? record.profile_completeness.listed
                ? `Visible dans l’annuaire (profil complété à ${record.profile_completeness.percent} %)`
                : `Pas visible : il manque ${record.profile_completeness.missing_for_listing.join(', ')}`
              : '—'
          }
        />
        <BooleanField source="isActive" />
        <DateField source="subscribedAt" emptyText="Non abonné" />
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
