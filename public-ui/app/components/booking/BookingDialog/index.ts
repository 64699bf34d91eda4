export { BookingDialog, type BookingDialogProps, type BookingProfessional } from './BookingDialog';
export { SLOT_TAKEN_MESSAGE } from './wizard';
export { SlotPicker } from './SlotStep';
