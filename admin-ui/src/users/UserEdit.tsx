import { Edit, ShowButton, TopToolbar } from 'react-admin';
import { ResendInvitationButton } from './ResendInvitationButton';
import { UserForm } from './UserForm';

function UserEditActions() {
  return (
    <TopToolbar>
      <ResendInvitationButton />
      <ShowButton />
    </TopToolbar>
  );
}

export function UserEdit() {
  return (
    <Edit mutationMode="pessimistic" actions={<UserEditActions />}>
      <UserForm />
    </Edit>
  );
}
