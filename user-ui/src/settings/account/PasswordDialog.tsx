import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { accountApi } from '../../api/account';
import { FormDialog } from '../../components/FormDialog';
import { PasswordField } from '../../components/PasswordField';
import { useDialogFormError } from '../../components/useFormError';
import { passwordSchema, type PasswordValues } from './schemas';

/** A new password, proven by the current one; every other session ends. */
export function PasswordDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { control, handleSubmit, reset, formState } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const { formError, attempt } = useDialogFormError(open, reset);
  const submit = handleSubmit((values) =>
    attempt(async () => {
      const answer = await accountApi.changePassword(
        values.current_password,
        values.password,
        values.password_confirmation,
      );
      // Every other session ended; this one goes on with the new token, set by the API in its cookie.
      onDone(answer.message);
    }),
  );
  return (
    <FormDialog
      open={open}
      title="Changer le mot de passe"
      intro="Vos autres sessions (autres navigateurs, téléphone) seront déconnectées."
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Changer le mot de passe"
      submitting={formState.isSubmitting}
      formError={formError}
    >
      <PasswordField
        control={control}
        name="current_password"
        label="Mot de passe actuel"
        autoComplete="current-password"
      />
      <PasswordField
        control={control}
        name="password"
        label="Nouveau mot de passe"
        autoComplete="new-password"
      />
      <PasswordField
        control={control}
        name="password_confirmation"
        label="Confirmation du nouveau mot de passe"
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
