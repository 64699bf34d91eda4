import { useState } from 'react';
import RestoreIcon from '@mui/icons-material/Restore';
import {
  Button,
  Confirm,
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
} from 'react-admin';

export interface MailTemplateRecord {
  id: string;
  key: string;
  subject: string;
  html: string;
  text: string;
  customized: boolean;
}

const PLACEHOLDERS_HELP =
  'Syntaxe Handlebars : {{productName}}, {{professional.name}}, {{attendee.name}}, {{appointment.date}}, {{appointment.time}}, {{links.appointment}}…';

/** DELETE /admin/mail-templates/{key}: the stored override is removed, the built-in default applies again. */
export function ResetTemplateButton() {
  const record = useRecordContext<MailTemplateRecord>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  if (!record) return null;

  const reset = async () => {
    setPending(true);
    try {
      await dataProvider.delete('mail-templates', { id: record.id, previousData: record });
      notify('Le modèle par défaut est rétabli', { type: 'info' });
      refresh();
      redirect('list', 'mail-templates');
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setPending(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Button
        label="Rétablir le modèle par défaut"
        onClick={() => setOpen(true)}
        disabled={!record.customized || pending}
        color="warning"
      >
        <RestoreIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title="Rétablir le modèle par défaut"
        content="Le modèle personnalisé sera supprimé et le modèle par défaut sera de nouveau utilisé."
        confirm="Rétablir"
        cancel="Annuler"
        onConfirm={reset}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function MailTemplateToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <ResetTemplateButton />
    </Toolbar>
  );
}

function MailTemplateTitle() {
  const record = useRecordContext<MailTemplateRecord>();
  return <span>Modèle d’email {record ? `« ${record.key} »` : ''}</span>;
}

export function MailTemplateEdit() {
  return (
    <Edit mutationMode="pessimistic" title={<MailTemplateTitle />}>
      <SimpleForm toolbar={<MailTemplateToolbar />} sx={{ maxWidth: 960 }}>
        <TextInput source="key" disabled />
        <TextInput source="subject" validate={required()} helperText={PLACEHOLDERS_HELP} />
        <TextInput source="html" validate={required()} multiline minRows={10} />
        <TextInput source="text" validate={required()} multiline minRows={6} />
      </SimpleForm>
    </Edit>
  );
}
