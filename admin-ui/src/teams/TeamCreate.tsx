import { Create } from 'react-admin';
import { TeamForm } from './TeamForm';

export function TeamCreate() {
  return (
    <Create redirect="show">
      <TeamForm />
    </Create>
  );
}
