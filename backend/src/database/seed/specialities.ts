// The per-sector reference lists live in @rdv/sectors (shared with the UIs and unit-tested there).
export { specialitiesFor, LAWYER_SPECIALITIES } from '@rdv/sectors';
