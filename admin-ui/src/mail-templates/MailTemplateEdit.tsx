import { useState } from 'react';
import RestoreIcon from '@mui/icons-material/Restore';
import { Box } from '@mui/material';
import {
  Button,
  Confirm,
  Edit,
  FormDataConsumer,
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
import type { MailTemplateDraft } from '../dataProvider';
import { MailTemplatePreview } from './MailTemplatePreview';
import type { MailTemplateRecord } from './MailTemplateRecord';
import { MailTemplateVariables } from './MailTemplateVariables';

export type { MailTemplateRecord } from './MailTemplateRecord';

const HANDLEBARS_HELP = 'Syntaxe Handlebars : {{appointment.date}}. Variables disponibles ci-contre.';

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
  return <span>Modèle d’email {record ? `« ${record.label ?? record.key} »` : ''}</span>;
}

/**
 * Saving is pessimistic: the API checks the template (compiles, known variables, required ones,
 * plausible subject) and answers 400 with a French message per field, which react-admin puts under
 * each input (`body.errors`); the notification gives the same messages in one line.
 */
export function MailTemplateEdit() {
  const notify = useNotify();
  return (
    <Edit
      mutationMode="pessimistic"
      title={<MailTemplateTitle />}
      mutationOptions={{
        onError: (error: unknown) =>
          notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' }),
      }}
    >
      <SimpleForm toolbar={<MailTemplateToolbar />}>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            width: '100%',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <TextInput source="key" disabled />
            <TextInput source="subject" validate={required()} helperText={HANDLEBARS_HELP} />
            <TextInput
              source="html"
              validate={required()}
              multiline
              minRows={10}
              maxRows={24}
              helperText="Le contenu du mail seulement : l’en-tête au nom du site, le pied de page (mentions légales) et la mise en page pour téléphone sont ajoutés autour, comme dans l’aperçu."
            />
            <TextInput source="text" validate={required()} multiline minRows={6} maxRows={18} />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <MailTemplateVariables />
            <FormDataConsumer<MailTemplateRecord>>
              {({ formData }) =>
                formData.key ? (
                  <MailTemplatePreview templateKey={formData.key} draft={draftOf(formData)} />
                ) : null
              }
            </FormDataConsumer>
          </Box>
        </Box>
      </SimpleForm>
    </Edit>
  );
}

function draftOf(formData: Partial<MailTemplateRecord>): MailTemplateDraft {
  return { subject: formData.subject ?? '', html: formData.html ?? '', text: formData.text ?? '' };
}
