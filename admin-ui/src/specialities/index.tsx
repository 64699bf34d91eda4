import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import {
  BooleanField,
  BooleanInput,
  DataTable,
  Edit,
  List,
  NumberField,
  NumberInput,
  SearchInput,
  SimpleForm,
  TextInput,
  maxValue,
  minValue,
  regex,
  required,
} from 'react-admin';
import { ResponsiveList } from '../layout/ResponsiveList';

interface SpecialityRecord {
  id: number;
  name: string;
  slug: string;
  position: number;
  enabled: boolean;
}

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function SpecialityList() {
  return (
    <List filters={filters} sort={{ field: 'position', order: 'ASC' }} exporter={false} perPage={50}>
      <ResponsiveList<SpecialityRecord>
        primaryText={(r) => r.name}
        secondaryText={(r) => r.slug}
        tertiaryText={(r) => (r.enabled ? `n° ${r.position}` : 'Masqué')}
        linkType="edit"
      >
        <DataTable bulkActionButtons={false} rowClick="edit">
          <DataTable.Col source="position" field={NumberField} />
          <DataTable.Col source="name" />
          <DataTable.Col source="slug" />
          <DataTable.Col source="enabled" field={BooleanField} disableSort />
        </DataTable>
      </ResponsiveList>
    </List>
  );
}

/** A new slug keeps the old addresses: they answer 301 to the new one. */
export function SpecialityEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm>
        <TextInput source="name" validate={required('Le nom est obligatoire')} />
        <TextInput
          source="slug"
          helperText="Les anciennes adresses redirigent (301) vers le nouveau slug."
          validate={[
            required('Le slug est obligatoire'),
            regex(
              /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
              'Le slug ne contient que des minuscules, des chiffres et des tirets',
            ),
          ]}
        />
        <NumberInput source="position" validate={[minValue(0), maxValue(10_000)]} />
        <BooleanInput source="enabled" />
      </SimpleForm>
    </Edit>
  );
}

export default {
  list: SpecialityList,
  edit: SpecialityEdit,
  icon: CategoryIcon,
  recordRepresentation: 'name',
};
