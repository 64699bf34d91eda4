import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { UserProfile, UserProfilePayload } from '../api/auth';
import { FormTextField } from '../components/FormTextField';
import { useFormError } from '../components/useFormError';
import { SettingsCard, SettingsForm } from './SettingsCard';
import { mailCopySchema, splitEmails, type MailCopyFormValues } from './validation';

const formValues = (profile: UserProfile): MailCopyFormValues => ({
  mail_copy_activated: profile.mail_copy_activated,
  copy_emails: profile.copy_emails.join('\n'),
});

/** docs/product.md §3 "mail-copy activated flag, list of copy emails": who else receives the new-request mails. */
export function MailCopyCard({
  profile,
  onSave,
}: {
  profile: UserProfile;
  onSave: (payload: UserProfilePayload) => Promise<unknown>;
}) {
  const { formError, attempt } = useFormError();
  const { control, handleSubmit, reset, formState } = useForm<MailCopyFormValues>({
    resolver: zodResolver(mailCopySchema),
    defaultValues: formValues(profile),
  });
  useEffect(() => reset(formValues(profile)), [profile, reset]);

  const submit = handleSubmit((values) =>
    attempt(() =>
      onSave({
        mail_copy_activated: values.mail_copy_activated,
        copy_emails: splitEmails(values.copy_emails),
      }),
    ),
  );

  return (
    <SettingsCard
      title="Emails en copie"
      text="Votre secrétariat ou vos associés reçoivent aussi les nouvelles demandes de rendez-vous."
    >
      <SettingsForm
        label="Emails en copie"
        onSubmit={submit}
        formError={formError}
        submitting={formState.isSubmitting}
        dirty={formState.isDirty}
      >
        <Controller
          control={control}
          name="mail_copy_activated"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
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
      </SettingsForm>
    </SettingsCard>
  );
}
