import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
// Loaded with the dialog only: the profile page's first paint does not pay for it.
import dialogCss from '../booking.css?inline';
import { STEPS, stepIndex, type HeadingRef, type Step } from './wizard';

/**
 * The modal around the wizard: a native <dialog> (opened modal, page scroll locked, focus kept
 * inside, Escape closes, focus back to what opened it), the title, the close button and the
 * step indicator. `headingRef` is the current step's heading: it gets the focus on each step.
 */
export function ModalFrame({
  open,
  onClose,
  title,
  step,
  headingRef,
  focusKey,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  step: Step;
  headingRef: HeadingRef;
  /** Changes when another screen is shown (step, loading): the new heading gets the focus. */
  focusKey: string;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      document.documentElement.classList.add('bd-locked');
      dialog.dataset.opened = 'true';
      headingRef.current?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    if (!open) {
      document.documentElement.classList.remove('bd-locked');
      // Back to what opened the dialog; opened from the address (?rdv=1): to the booking section.
      const back = returnFocus.current;
      if (back && back !== document.body && back.isConnected) back.focus();
      else if (dialog.dataset.opened) document.getElementById('prendre-rendez-vous')?.focus();
    }
  }, [open, headingRef]);

  useEffect(() => () => document.documentElement.classList.remove('bd-locked'), []);

  // Each new step: its heading gets the focus, so screen readers announce where the user is.
  useEffect(() => {
    if (open) headingRef.current?.focus();
  }, [focusKey, open, headingRef]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    // Focus stays inside the dialog.
    const focusable = Array.from(
      event.currentTarget.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]',
      ),
    );
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (
      event.shiftKey &&
      (document.activeElement === first || document.activeElement === headingRef.current)
    ) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const current = stepIndex(step);
  return (
    <dialog
      ref={dialogRef}
      className="bd"
      aria-labelledby="bd-title"
      aria-describedby={step === 'done' ? undefined : 'bd-step-label'}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <style>{dialogCss}</style>
      <div className="bd__panel">
        <header className="bd__header">
          <h2 id="bd-title" className="bd__title">
            {title}
          </h2>
          <button type="button" className="bd__close" onClick={onClose} aria-label="Fermer">
            <span aria-hidden="true">×</span>
          </button>
        </header>
        {step !== 'done' && (
          <div className="bd__progress">
            <p id="bd-step-label" className="bd__step-label">
              Étape {current + 1} sur {STEPS.length} : {STEPS[current].label}
              {step === 'slot' ? ' › Créneau' : ''}
            </p>
            <ol className="bd__steps" aria-label="Étapes de la prise de rendez-vous">
              {STEPS.map((s, i) => (
                <li
                  key={s.key}
                  className={i < current ? 'is-done' : i === current ? 'is-current' : undefined}
                  aria-current={i === current ? 'step' : undefined}
                >
                  <span className="bd__dot" aria-hidden="true">
                    {i < current ? '✓' : i + 1}
                  </span>
                  <span className="bd__step-name">
                    {s.label}
                    {i < current && <span className="visually-hidden"> (fait)</span>}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        )}
        <div className="bd__body">{children}</div>
      </div>
    </dialog>
  );
}
