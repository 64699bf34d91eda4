import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TextField from '@mui/material/TextField';
import { FormDialog } from './FormDialog';

function renderDialog(props: Partial<Parameters<typeof FormDialog>[0]> = {}) {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const onClose = vi.fn();
  render(
    <FormDialog
      open
      title="Nouveau calendrier"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Créer le calendrier"
      submitting={false}
      formError={null}
      {...props}
    >
      <TextField label="Nom du calendrier" />
    </FormDialog>,
  );
  return { onSubmit, onClose };
}

describe('FormDialog', () => {
  it('is a dialog named by its title; Enter in a field submits the form', async () => {
    const { onSubmit } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Nouveau calendrier' });
    expect(dialog).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Nom du calendrier'), 'Lyon{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows the error of the last submit, Annuler closes and the submit button submits', async () => {
    const { onSubmit, onClose } = renderDialog({ formError: 'Ce nom est déjà pris' });
    expect(screen.getByRole('alert').textContent).toContain('Ce nom est déjà pris');
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Créer le calendrier' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Supprimer' })).toBeNull();
  });

  it('while submitting, Annuler is disabled and Escape does not close', async () => {
    const { onClose } = renderDialog({ submitting: true });
    expect((screen.getByRole('button', { name: 'Annuler' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers Supprimer when given onDelete', async () => {
    const onDelete = vi.fn();
    renderDialog({ onDelete });
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});
