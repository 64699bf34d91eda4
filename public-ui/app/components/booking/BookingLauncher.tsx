import { lazy, Suspense, useEffect, useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { useSearchParams } from 'react-router';
import type { Sector } from '@rdv/sectors';
import type { BookingProfessional } from './BookingDialog';

// The dialog's code (steps, forms, styles) is its own chunk, fetched when the visitor shows
// the intent to book (hover, focus, touch) or clicks: the profile page stays light.
const loadDialog = () => import('./BookingDialog');
const BookingDialog = lazy(() => loadDialog().then((m) => ({ default: m.BookingDialog })));

let preloaded = false;
function preload() {
  if (preloaded) return;
  preloaded = true;
  void loadDialog().catch(() => {
    preloaded = false;
  });
}

/** Props that fetch the dialog's code as soon as the visitor shows the intent to book. */
export const preloadProps = {
  onPointerEnter: preload,
  onFocus: preload,
  onTouchStart: preload,
};

/**
 * The booking dialog of a profile, opened from the booking entry's links. Without JavaScript the
 * links keep their URL (`?rdv=1`, `?creneau=`); once the page is live, such a URL opens the dialog.
 */
export function useBookingDialog({
  professional,
  professionalLabel,
  sector,
  selectedSlot,
}: {
  professional: BookingProfessional;
  professionalLabel: string;
  sector: Sector;
  selectedSlot?: string | null;
}) {
  const [params] = useSearchParams();
  const [state, setState] = useState<{ open: boolean; mounted: boolean; slot: string | null }>({
    open: false,
    mounted: false,
    slot: null,
  });
  const fromUrl = params.has('rdv') || params.has('creneau');

  useEffect(() => {
    if (fromUrl) setState({ open: true, mounted: true, slot: selectedSlot ?? null });
  }, [fromUrl, selectedSlot]);

  const openWith = (slot: string | null | undefined) => (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    setState({ open: true, mounted: true, slot: slot ?? null });
  };

  // In <body>, out of the page's cards (their styles must not reach the dialog). Client only.
  const dialog = state.mounted
    ? createPortal(
        <Suspense
          fallback={
            <p className="booking-loading" role="status">
              Ouverture de la prise de rendez-vous…
            </p>
          }
        >
          <BookingDialog
            // Another slot picked on the page: a fresh booking.
            key={state.slot ?? 'no-slot'}
            open={state.open}
            onClose={() => setState((s) => ({ ...s, open: false }))}
            professional={professional}
            professionalLabel={professionalLabel}
            sector={sector}
            initialSlot={state.slot}
          />
        </Suspense>,
        document.body,
      )
    : null;

  return { openWith, dialog };
}
