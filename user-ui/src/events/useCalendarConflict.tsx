import { useCallback, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ApiError } from '../api/client';

/** The professional chose not to go ahead over their own calendar's event. */
export class ConflictNotConfirmed extends Error {
  constructor() {
    super('Rien n’a été changé : votre calendrier a un événement sur ce créneau.');
    this.name = 'ConflictNotConfirmed';
  }
}

/**
 * Validating, entering or moving an appointment onto a time one of the professional's connected calendars holds:
 * the API answers 409 CALENDAR_CONFLICT naming the calendars (read live for polled ones). `guard(run)` runs the
 * action, and on that answer asks the professional, who may confirm anyway (`run(true)` sends confirmConflict) or
 * leave things as they were (rejects with ConflictNotConfirmed). `dialog` is the question, to render once.
 */
export function useCalendarConflict() {
  const [question, setQuestion] = useState<{ message: string; answer: (go: boolean) => void } | null>(null);

  const guard = useCallback(async <T,>(run: (confirmConflict: boolean) => Promise<T>): Promise<T> => {
    try {
      return await run(false);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'CALENDAR_CONFLICT') throw error;
      const go = await new Promise<boolean>((answer) => setQuestion({ message: error.message, answer }));
      setQuestion(null);
      if (!go) throw new ConflictNotConfirmed();
      return run(true);
    }
  }, []);

  const dialog = (
    <Dialog
      open={question !== null}
      onClose={() => question?.answer(false)}
      aria-labelledby="calendar-conflict-title"
    >
      <DialogTitle id="calendar-conflict-title">Votre calendrier a un événement à ce moment</DialogTitle>
      <DialogContent>
        <DialogContentText>{question?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => question?.answer(false)}>Annuler</Button>
        <Button variant="contained" onClick={() => question?.answer(true)}>
          Confirmer quand même
        </Button>
      </DialogActions>
    </Dialog>
  );

  return { guard, dialog };
}
