import { sector } from '../sector';
import TextField from '@mui/material/TextField';

export interface FolderFieldValues {
  title: string;
  reference: string;
  notes: string;
}

/** The fields of the folder dialog shared by "Nouveau dossier" and the folder itself. */
export function FolderFields({
  values,
  onChange,
}: {
  values: FolderFieldValues;
  onChange: (values: FolderFieldValues) => void;
}) {
  return (
    <>
      <TextField
        label="Titre"
        value={values.title}
        onChange={(e) => onChange({ ...values, title: e.target.value })}
        required
        fullWidth
      />
      <TextField
        label="Référence"
        value={values.reference}
        onChange={(e) => onChange({ ...values, reference: e.target.value })}
        fullWidth
      />
      <TextField
        label={`Notes (visibles uniquement par votre ${sector.words.office})`}
        value={values.notes}
        onChange={(e) => onChange({ ...values, notes: e.target.value })}
        multiline
        minRows={3}
        fullWidth
      />
    </>
  );
}
