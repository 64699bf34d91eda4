import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { accountApi } from '../../api/account';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { PasswordField } from '../../components/PasswordField';
import { useDialogFormError } from '../../components/useFormError';
import { emailSchema, type EmailValues } from './schemas';

/** A new sign-in address: proven by the current password, then by the link mailed to the new address. */
export function EmailDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { control, handleSubmit, reset, formState } = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    defaultValues: { email: '', current_password: '' },
  });
  const { formError, attempt } = useDialogFormError(open, reset);
  const submit = handleSubmit((values) =>
    attempt(async () => {
      const answer = await accountApi.requestEmailChange(
        values.email.trim().toLowerCase(),
        values.current_password,
      );
      onDone(answer.message);
    }),
  );
  return (
    <FormDialog
      open={open}
      title="Changer d’adresse email"
      intro="Un lien de confirmation est envoyé à la nouvelle adresse : elle remplace l’actuelle quand vous l’ouvrez."
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Envoyer le lien"
      submitting={formState.isSubmitting}
      formError={formError}
    >
      <FormTextField
        control={control}
        name="email"
        label="Nouvelle adresse email"
        type="email"
        autoComplete="email"
      />
      <PasswordField
        control={control}
        name="current_password"
        label="Mot de passe actuel"
        autoComplete="current-password"
      />
    </FormDialog>
  );
}
