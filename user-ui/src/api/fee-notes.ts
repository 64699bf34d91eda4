import type { Schemas } from '@rdv/api-client';
import { api, unwrap } from './client';
import { downloadFile } from './download';

export type FeeNote = Schemas['FeeNoteDto'];
export type FeeNoteSettings = Schemas['FeeNoteSettingsDto'];
export type SaveFeeNoteSettings = Schemas['SaveFeeNoteSettingsDto'];

const path = (id: string) => ({ params: { path: { id } } });

/** The fee notes and credit notes issued on the professional's behalf, and what they print about VAT. */
export const feeNotesApi = {
  list: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/fee-notes', { ...path(userId), signal })),
  downloadPdf: (note: FeeNote) =>
    downloadFile(
      note.pdfUrl,
      `${note.kind === 'credit_note' ? 'avoir' : 'note-honoraires'}-${note.number}.pdf`,
    ),
  settings: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/fee-note-settings', { ...path(userId), signal })),
  saveSettings: (userId: string, body: SaveFeeNoteSettings) =>
    unwrap(api.PUT('/api/v1/users/{id}/fee-note-settings', { ...path(userId), body })),
};
