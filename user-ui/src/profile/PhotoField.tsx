import { useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserProfile } from '../api/auth';
import { UploadProgress } from '@rdv/ui';
import { ImageCropDialog } from './ImageCropDialog';
import { ApiError } from '../api/client';
import {
  deleteProfilePhoto,
  PHOTO_MAX_BYTES,
  PHOTO_MIN_SIDE,
  PHOTO_TYPES,
  uploadProfilePhoto,
} from '../api/profile';

export const PHOTO_MESSAGES = {
  wrongType: 'Format non accepté : choisissez une image PNG, JPEG ou WebP.',
  tooLarge: 'La photo dépasse 5 Mo : choisissez une image plus légère.',
  empty: 'Le fichier choisi est vide.',
  uploaded: 'Votre photo est enregistrée.',
  removed: 'Votre photo est supprimée : vos initiales la remplacent.',
} as const;

const HELP = `PNG, JPEG ou WebP, 5 Mo au plus, ${PHOTO_MIN_SIDE} × ${PHOTO_MIN_SIDE} pixels au moins. Vous choisissez son cadrage en carré.`;

/** The reason a file cannot be sent, checked before uploading (the API checks again). */
export function photoFileProblem(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_MESSAGES.wrongType;
  if (file.size === 0) return PHOTO_MESSAGES.empty;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  return null;
}

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

function errorMessage(error: unknown): string {
  // A body over the API's transport limit gets Fastify's English text: say it in French.
  if (error instanceof ApiError && error.code === 'PAYLOAD_TOO_LARGE') return PHOTO_MESSAGES.tooLarge;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The professional's photo on their public profile: "Changer la photo" (PUT /users/{id}/picture)
 * and "Supprimer la photo" (DELETE); `onChange` receives the account as the API returns it.
 */
export function PhotoField({
  userId,
  picture,
  name,
  onChange,
}: {
  userId: string;
  picture: string | null;
  /** The professional's full name: alt text of the photo and source of the initials. */
  name: string;
  onChange: (user: UserProfile) => void;
}) {
  return (
    <ImageUploadField
      picture={picture}
      name={name}
      upload={(file, onProgress) => uploadProfilePhoto(userId, file, onProgress)}
      remove={() => deleteProfilePhoto(userId)}
      onChange={onChange}
      messages={PHOTO_MESSAGES}
    />
  );
}

/**
 * A photo shown on a public page (a professional's, an office's): the current one (or initials),
 * "Changer la photo" and "Supprimer la photo". Files are checked here first (type, size) so a
 * wrong choice gets its French message at once; the server's refusals (too small, unreadable...)
 * are shown as it words them. `onChange` receives what `upload` / `remove` answered.
 */
export function ImageUploadField<Answer>({
  picture,
  name,
  upload,
  remove,
  onChange,
  messages,
}: {
  picture: string | null;
  /** Alt text of the photo and source of the initials. */
  name: string;
  /** Sends the file, reporting the fraction sent (0 to 1) for the progress bar. */
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<Answer>;
  remove: () => Promise<Answer>;
  onChange: (answer: Answer) => void;
  messages: { uploaded: string; removed: string };
}) {
  const inputId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [toCrop, setToCrop] = useState<File | null>(null);
  const [sent, setSent] = useState(0);

  async function run(kind: 'upload' | 'delete', action: () => Promise<Answer>, done: string) {
    setBusy(kind);
    setError(null);
    setNotice(null);
    try {
      onChange(await action());
      setNotice(done);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  function onFile(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after an error) fires a change again.
    event.target.value = '';
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem) {
      setNotice(null);
      setError(problem);
      return;
    }
    setError(null);
    setToCrop(file);
  }

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Avatar
        src={picture ?? undefined}
        alt={picture ? name : undefined}
        sx={{ width: 96, height: 96, fontSize: '2rem', bgcolor: 'primary.light' }}
        aria-hidden={picture ? undefined : true}
      >
        {initialsOf(name)}
      </Avatar>
      <Stack spacing={1} sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            onClick={() => input.current?.click()}
            disabled={busy !== null}
            startIcon={busy === 'upload' ? <CircularProgress size={16} /> : undefined}
          >
            {busy === 'upload' ? 'Envoi de la photo…' : 'Changer la photo'}
          </Button>
          {picture ? (
            <Button
              color="error"
              onClick={() => void run('delete', remove, messages.removed)}
              disabled={busy !== null}
              startIcon={busy === 'delete' ? <CircularProgress size={16} /> : undefined}
            >
              Supprimer la photo
            </Button>
          ) : null}
        </Stack>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          hidden
          aria-label="Changer la photo"
          aria-describedby={helpId}
          onChange={onFile}
        />
        <Typography id={helpId} variant="body2" color="text.secondary">
          {HELP}
        </Typography>
        {busy === 'upload' ? <UploadProgress fraction={sent} label="Envoi de la photo" /> : null}
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        {notice ? (
          <Alert severity="success" role="status">
            {notice}
          </Alert>
        ) : null}
      </Stack>
      <ImageCropDialog
        file={toCrop}
        title="Recadrer la photo"
        onCancel={() => setToCrop(null)}
        onCropped={(cropped) => {
          setToCrop(null);
          setSent(0);
          void run('upload', () => upload(cropped, setSent), messages.uploaded);
        }}
      />
    </Stack>
  );
}
