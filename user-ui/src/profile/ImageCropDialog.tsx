import { useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Sides above this are scaled down before sending: the server keeps 400 px, a phone uploads less. */
const MAX_SIDE = 1200;

/**
 * The image-crop dialog (docs/product.md §2): the chosen photo in a square frame, moved with the finger or the
 * mouse and zoomed with the slider (or the keyboard arrows on the frame). The square is cut in the
 * browser; the server still re-encodes it and strips its metadata.
 */
export function ImageCropDialog({
  file,
  title,
  onCancel,
  onCropped,
}: {
  /** The photo to crop; null closes the dialog. */
  file: File | null;
  title: string;
  onCancel: () => void;
  onCropped: (cropped: File) => void;
}) {
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setSource(url);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const confirm = async () => {
    if (!file) return;
    setBusy(true);
    try {
      onCropped((source && area && (await cropToFile(source, area, file))) || file);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={file !== null}
      onClose={busy ? undefined : onCancel}
      maxWidth="sm"
      fullWidth
      aria-labelledby="crop-title"
    >
      <DialogTitle id="crop-title">{title}</DialogTitle>
      <DialogContent>
        <Box
          sx={{ position: 'relative', height: { xs: 280, sm: 360 }, bgcolor: 'grey.900', borderRadius: 1 }}
        >
          {source ? (
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              aspect={1}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_area, pixels) => setArea(pixels)}
              keyboardStep={10}
            />
          ) : null}
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2 }}>
          <Typography id="crop-zoom" variant="body2">
            Zoom
          </Typography>
          <Slider
            aria-labelledby="crop-zoom"
            value={zoom}
            min={1}
            max={3}
            step={0.05}
            onChange={(_event, value) => setZoom(value as number)}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Déplacez l’image pour choisir le cadrage ; la photo est enregistrée en carré.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} color="inherit" disabled={busy}>
          Annuler
        </Button>
        <Button variant="contained" onClick={() => void confirm()} loading={busy}>
          Recadrer et enregistrer
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The chosen square as a JPEG file, or null where the browser cannot draw it (the server then centres it). */
async function cropToFile(source: string, area: Area, original: File): Promise<File | null> {
  const side = Math.min(MAX_SIDE, Math.round(area.width));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(await loadImage(source), area.x, area.y, area.width, area.height, 0, 0, side, side);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
  if (!blob) return null;
  return new File([blob], original.name.replace(/\.[^.]+$/, '') + '.jpg', { type: 'image/jpeg' });
}

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('Impossible de lire l’image choisie'));
    image.src = source;
  });
}
