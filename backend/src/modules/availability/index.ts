// Public surface of the availability module: other modules import from '../availability' only (eslint enforces it).
// Agenda settings and free slots.
export { AvailabilityModule } from './availability.module';
export { SlotsService, type FreeSlotContext, type FreeSlotRequest } from './slots.service';
