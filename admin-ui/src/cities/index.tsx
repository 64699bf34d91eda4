import LocationCityIcon from '@mui/icons-material/LocationCityOutlined';
import {
  DataTable,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
} from 'react-admin';
import { ResponsiveList } from '../layout/ResponsiveList';

interface CityRecord {
  id: number;
  name: string;
  inseeCode: string;
  cityUri: string;
  departmentCode: string;
  postalCodes: string[];
  population: number | null;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="departmentCode" source="departmentCode" />,
];

/** Reference data (official list of communes): read-only. */
export function CityList() {
  return (
    <List filters={filters} sort={{ field: 'population', order: 'DESC' }} exporter={false}>
      <ResponsiveList<CityRecord>
        primaryText={(r) => r.name}
        secondaryText={(r) => r.postalCodes.join(', ')}
        tertiaryText={(r) => r.departmentCode}
      >
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="name" />
          <DataTable.Col source="inseeCode" />
          <DataTable.Col source="postalCodes" disableSort>
            <FunctionField<CityRecord> render={(r) => r.postalCodes.join(', ')} />
          </DataTable.Col>
          <DataTable.Col source="departmentCode" disableSort />
          <DataTable.Col source="population" field={NumberField} />
        </DataTable>
      </ResponsiveList>
    </List>
  );
}

export function CityShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="inseeCode" />
        <TextField source="cityUri" />
        <TextField source="departmentCode" />
        <FunctionField<CityRecord> source="postalCodes" render={(r) => r.postalCodes.join(', ')} />
        <NumberField source="population" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}

export default { list: CityList, show: CityShow, icon: LocationCityIcon, recordRepresentation: 'name' };
