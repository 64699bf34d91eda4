import type { ComponentProps } from 'react';
import pickerCss from './booking.css?inline';
import { httpBookingClient } from './booking-client';
import { SlotPicker } from './BookingDialog/SlotStep';

/**
 * The slot picker of an appointment's "Déplacer le rendez-vous", with the booking styles it needs: loaded by the
 * appointment page (React.lazy) only when the attendee opens it, so the page's first load carries none of it.
 */
export default function ReschedulePicker(props: Omit<ComponentProps<typeof SlotPicker>, 'client'>) {
  return (
    <>
      <style>{pickerCss}</style>
      <SlotPicker client={httpBookingClient} {...props} />
    </>
  );
}
