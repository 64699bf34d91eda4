import { Edit } from 'react-admin';
import { RedirectForm } from './RedirectForm';

export function RedirectEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <RedirectForm />
    </Edit>
  );
}
