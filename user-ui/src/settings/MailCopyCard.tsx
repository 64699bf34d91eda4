import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import type { UserProfile, UserProfilePayload } from '../api/auth';
import { FormTextField } from '../components/FormTextField';
import { SectionTitle } from '../components/SectionTitle';
import { mailCopySchema, splitEmails, type MailCopyFormValues } from './validation';

const formValues = (profile: UserProfile): MailCopyFormValues => ({
  mail_copy_activated: profile.mail_copy_activated,
  copy_emails: profile.copy_emails.join('\n'),
});

/** Spec §3 "mail-copy activated flag, list of copy emails": who else receives the new-request mails. */
export function MailCopyCard({
  profile,
  onSave,
}: {
  profile: UserProfile;
  onSave: (payload: UserProfilePayload) => Promise<unknown>;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, reset, formState } = useForm<MailCopyFormValues>({
    resolver: zodResolver(mailCopySchema),
    defaultValues: formValues(profile),
  });
  useEffect(() => reset(formValues(profile)), [profile, reset]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSave({
        mail_copy_activated: values.mail_copy_activated,
        copy_emails: splitEmails(values.copy_emails),
      });
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: 3 }}>
        <SectionTitle
          title="Emails en copie"
          text="Votre secrétariat ou vos associés reçoivent aussi les nouvelles demandes de rendez-vous."
        />
        <Box component="form" noValidate onSubmit={submit} aria-label="Emails en copie">
          {formError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Stack spacing={2}>
            <Controller
              control={control}
              name="mail_copy_activated"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                  }
                  label="Envoyer une copie des demandes de rendez-vous"
                  sx={{ mx: 0, gap: 1 }}
                />
              )}
            />
            <FormTextField
              control={control}
              name="copy_emails"
              label="Adresses en copie"
              multiline
              minRows={2}
              fullWidth
              helperText="Une adresse par ligne, 10 au plus."
            />
            <Box>
              <Button
                type="submit"
                variant="contained"
                loading={formState.isSubmitting}
                disabled={!formState.isDirty}
              >
                Enregistrer
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
