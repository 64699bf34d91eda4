import {
  DateField,
  EmailField,
  FunctionField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { AcceptButton, RefuseButton } from './RegistrationRequestActions';
import { type RegistrationRequestRecord, statusLabel } from './RegistrationRequestRecord';

function Actions() {
  return (
    <TopToolbar>
      <AcceptButton />
      <RefuseButton />
    </TopToolbar>
  );
}

export function RegistrationRequestShow() {
  return (
    <Show actions={<Actions />}>
      <SimpleShowLayout>
        <FunctionField<RegistrationRequestRecord>
          source="status"
          render={(record) => statusLabel(record.status)}
        />
        <FunctionField<RegistrationRequestRecord>
          source="lastName"
          render={(record) => `${record.civility} ${record.firstName} ${record.lastName}`}
        />
        <EmailField source="email" />
        <TextField source="phone" />
        <TextField source="officeName" emptyText="—" />
        <TextField source="officeNumber" emptyText="—" />
        <TextField source="city" />
        <TextField source="message" emptyText="—" />
        <DateField source="createdAt" showTime />
        <DateField source="handledAt" showTime emptyText="—" />
        <TextField source="refusalReason" emptyText="—" />
        <ReferenceField source="professionalId" reference="users" link="show" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
