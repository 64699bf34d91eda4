import { Edit } from 'react-admin';
import { TeamForm } from './TeamForm';

export function TeamEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <TeamForm />
    </Edit>
  );
}
