// Public surface of the fee-notes module: other modules import from '../fee-notes' only (eslint enforces it).
// The professionals' fee notes (notes d'honoraires) and credit notes to their clients for paid consultations.
export { FeeNoteIssuer } from './fee-note-issuer';
export { FeeNoteIssuingModule, FeeNotesModule, FeeNotesWorkerModule } from './fee-notes.module';
export { seedDemoFeeNotes } from './demo-fee-notes.seed';
