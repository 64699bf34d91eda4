import type { Schemas } from '@rdv/api-client';
import { Form } from 'react-router';
import { dateAtTime } from '../../lib/dates';
import { DocumentUploadForm } from '../DocumentUploadForm';

type Folder = Schemas['FolderDetailDto'];

export type FolderActionResult = {
  intent: 'folderMessage' | 'folderDeleteDocument';
  folderId: string;
  ok: boolean;
  message: string;
};

const proName = (folder: Folder, title: string) =>
  `${title} ${[folder.professional.first_name, folder.professional.last_name].filter(Boolean).join(' ')}`.trim();

/** The client's folders in /participant/profil: documents (send, download) and the exchange with the lawyer. */
export function ClientFolders({
  folders,
  result,
  busy,
  honorific,
}: {
  folders: Folder[];
  result?: FolderActionResult;
  busy: boolean;
  honorific: string;
}) {
  return (
    <section className="card" aria-labelledby="folders-title" id="dossiers">
      <h2 id="folders-title">Mes documents et échanges</h2>
      {folders.length === 0 ? (
        <p className="form__hint">
          Aucun dossier pour l’instant. Vous pouvez transmettre des documents depuis la page d’un rendez-vous.
        </p>
      ) : (
        folders.map((folder) => {
          const feedback = result?.folderId === folder.id ? result : undefined;
          const lawyer = proName(folder, honorific);
          return (
            <article key={folder.id} className="folder" aria-labelledby={`folder-${folder.id}`}>
              <h3 id={`folder-${folder.id}`}>
                {folder.title} <span className="details__sub">avec {lawyer}</span>
              </h3>
              {feedback && (
                <p
                  className={`notice ${feedback.ok ? 'notice--success' : 'notice--error'}`}
                  role={feedback.ok ? 'status' : 'alert'}
                >
                  {feedback.message}
                </p>
              )}
              <h4>Documents</h4>
              {folder.documents.length === 0 ? (
                <p className="form__hint">Aucun document.</p>
              ) : (
                <ul className="folder__documents">
                  {folder.documents.map((document) => (
                    <li key={document.id}>
                      <a href={`/participant/documents/${folder.id}/${document.id}`} download>
                        {document.label}
                      </a>{' '}
                      <span className="details__sub">
                        {document.uploaded_by === 'attendee' ? 'envoyé par vous' : `ajouté par ${lawyer}`},{' '}
                        {Math.ceil(document.size / 1024)} Ko
                      </span>
                      {document.uploaded_by === 'attendee' && (
                        <Form method="post" className="inline-form" preventScrollReset>
                          <input type="hidden" name="intent" value="folderDeleteDocument" />
                          <input type="hidden" name="folderId" value={folder.id} />
                          <input type="hidden" name="documentId" value={document.id} />
                          <button
                            type="submit"
                            className="link-button"
                            disabled={busy}
                            aria-label={`Supprimer ${document.label}`}
                          >
                            Supprimer
                          </button>
                        </Form>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              <DocumentUploadForm
                target={{ folderId: folder.id }}
                inputId={`upload-${folder.id}`}
                label="Ajouter un document (PDF, image, Office ; 25 Mo au plus)"
                successMessage={(label) => `Document « ${label} » envoyé.`}
              />
              <h4>Échanges</h4>
              <ol className="folder__messages" aria-label={`Messages avec ${lawyer}`}>
                {folder.messages.length === 0 ? (
                  <li className="form__hint">Aucun message.</li>
                ) : (
                  folder.messages.map((message) => (
                    <li key={message.id} className={`message message--${message.author}`}>
                      <span className="details__sub">
                        {message.author === 'user' ? lawyer : 'Vous'},{' '}
                        {dateAtTime(message.created_at, 'Europe/Paris')}
                        {message.author === 'attendee' ? (message.read_at ? ' · lu' : ' · non lu') : ''}
                      </span>
                      <p className="details__pre">{message.body}</p>
                    </li>
                  ))
                )}
              </ol>
              <Form method="post" className="form" preventScrollReset>
                <input type="hidden" name="intent" value="folderMessage" />
                <input type="hidden" name="folderId" value={folder.id} />
                <div className="field">
                  <label htmlFor={`message-${folder.id}`}>Votre message à {lawyer}</label>
                  <textarea id={`message-${folder.id}`} name="body" rows={3} maxLength={5000} />
                </div>
                <button type="submit" className="button button--secondary" disabled={busy}>
                  Envoyer le message
                </button>
              </Form>
            </article>
          );
        })
      )}
    </section>
  );
}
