// Public surface of the next-free-slots module: other modules import from '../next-free-slots' only.
// The stored first free slot of each professional ("soonest slot first" search) and its refresher (worker).
export { NextFreeSlotsWorkerModule } from './next-free-slots.worker';
