import { useState } from 'react';
import { Form } from 'react-router';

export type PrivacyActionResult =
  | { intent: 'changePassword'; ok: false; message: string }
  | { intent: 'deleteAccount'; ok: false; message: string };

/** /participant/profil: password change, and the GDPR rights (download my data, delete my account). */
export function PrivacySection({ result, busy }: { result?: PrivacyActionResult; busy?: string }) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <>
      <section className="card" aria-labelledby="password-title">
        <h2 id="password-title">Mot de passe</h2>
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="changePassword" />
          {result?.intent === 'changePassword' && (
            <p className="notice notice--error" role="alert">
              {result.message}
            </p>
          )}
          <div className="field">
            <label htmlFor="current-password">Mot de passe actuel</label>
            <input
              id="current-password"
              name="current_password"
              type="password"
              autoComplete="current-password"
            />
          </div>
          <div className="field">
            <label htmlFor="new-password">Nouveau mot de passe</label>
            <input id="new-password" name="password" type="password" autoComplete="new-password" />
          </div>
          <div className="field">
            <label htmlFor="new-password-confirmation">Confirmation du nouveau mot de passe</label>
            <input
              id="new-password-confirmation"
              name="password_confirmation"
              type="password"
              autoComplete="new-password"
            />
          </div>
          <button type="submit" className="button button--secondary" disabled={busy === 'changePassword'}>
            Changer mon mot de passe
          </button>
        </Form>
      </section>

      <section className="card" aria-labelledby="privacy-title">
        <h2 id="privacy-title">Mes données personnelles</h2>
        <p>
          <a className="button button--secondary" href="/participant/mes-donnees" download>
            Télécharger toutes mes données (JSON)
          </a>
        </p>
        {!confirmDelete ? (
          <button type="button" className="button button--ghost" onClick={() => setConfirmDelete(true)}>
            Supprimer mon compte
          </button>
        ) : (
          <Form method="post" className="form">
            <input type="hidden" name="intent" value="deleteAccount" />
            <p>
              Vos documents, vos messages et vos informations seront effacés ; vos rendez-vous resteront chez
              les professionnels sous une forme anonyme. Cette action est définitive.
            </p>
            {result?.intent === 'deleteAccount' && (
              <p className="notice notice--error" role="alert">
                {result.message}
              </p>
            )}
            <div className="field">
              <label htmlFor="delete-password">Votre mot de passe, pour confirmer</label>
              <input id="delete-password" name="password" type="password" autoComplete="current-password" />
            </div>
            <div className="form__actions">
              <button type="submit" className="button button--danger" disabled={busy === 'deleteAccount'}>
                Supprimer définitivement mon compte
              </button>
              <button type="button" className="button button--ghost" onClick={() => setConfirmDelete(false)}>
                Annuler
              </button>
            </div>
          </Form>
        )}
      </section>
    </>
  );
}
