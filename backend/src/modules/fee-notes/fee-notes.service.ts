import { Injectable } from '@nestjs/common';
import { isUuid } from '@rdv/sectors';
import { NotFoundError } from '../../common/domain-error';
import { type AdminListQueryDto, type AdminPage, parseAdminList } from '../../common/admin-list';
import { VAT_FRANCHISE_MENTION } from './fee-note-document';
import type {
  AdminFeeNoteDto,
  FeeNoteDto,
  FeeNoteSettingsDto,
  FeeNotesPageDto,
  SaveFeeNoteSettingsDto,
} from './fee-notes.dto';
import { FeeNotesRepository, type FeeNoteSettingsRow } from './fee-notes.repository';

const notFound = () => new NotFoundError('FEE_NOTE_NOT_FOUND', 'Note d’honoraires introuvable');

type Summary = Awaited<ReturnType<FeeNotesRepository['listForUser']>>[number];

const toDto = (row: Omit<Summary, 'creditedNumber'> & { creditedNumber?: string | null }): FeeNoteDto => ({
  id: row.id,
  kind: row.kind,
  number: row.number,
  appointmentId: row.appointmentId,
  creditedNumber: row.creditedNumber ?? null,
  issuedOn: row.issuedOn,
  totalHtCents: row.totalHt,
  vatRate: row.vatRate,
  totalVatCents: row.totalVat,
  totalTtcCents: row.totalTtc,
  facturX: row.facturX,
  pdfUrl: `/api/v1/users/${row.userId}/fee-notes/${row.id}/pdf`,
});

const settingsDto = (row: FeeNoteSettingsRow | undefined): FeeNoteSettingsDto => ({
  vat_regime: row?.vatRegime ?? 'franchise',
  vat_number: row?.vatNumber ?? null,
  vat_rate: row?.vatRate ?? 20,
  siret: row?.siret ?? null,
  vat_mention: row?.vatRegime === 'vat' ? null : VAT_FRANCHISE_MENTION,
});

/** "Mes paiements"' fee notes, their PDFs (the professional only), the VAT settings, the console's list. */
@Injectable()
export class FeeNotesService {
  constructor(private readonly repository: FeeNotesRepository) {}

  async list(userId: string): Promise<FeeNotesPageDto> {
    return { data: (await this.repository.listForUser(userId, 200)).map(toDto) };
  }

  /** The PDF of one of the professional's notes; another's note is "not found", as one that does not exist. */
  async pdf(userId: string, feeNoteId: string): Promise<{ number: string; pdf: Buffer }> {
    const note = isUuid(feeNoteId) ? await this.repository.byId(feeNoteId) : undefined;
    if (!note || note.userId !== userId) throw notFound();
    const prefix = note.kind === 'credit_note' ? 'avoir' : 'note-honoraires';
    return { number: `${prefix}-${note.number}`, pdf: note.pdf };
  }

  async adminPdf(feeNoteId: string): Promise<{ number: string; pdf: Buffer }> {
    const note = isUuid(feeNoteId) ? await this.repository.byId(feeNoteId) : undefined;
    if (!note) throw notFound();
    return { number: note.number, pdf: note.pdf };
  }

  async settings(userId: string): Promise<FeeNoteSettingsDto> {
    return settingsDto(await this.repository.settings(userId));
  }

  async saveSettings(userId: string, dto: SaveFeeNoteSettingsDto): Promise<FeeNoteSettingsDto> {
    const vat = dto.vat_regime === 'vat';
    return settingsDto(
      await this.repository.saveSettings(userId, {
        vatRegime: dto.vat_regime,
        vatNumber: vat ? (dto.vat_number ?? null) : null,
        vatRate: dto.vat_rate ?? 20,
        siret: dto.siret ?? null,
      }),
    );
  }

  async adminList(query: AdminListQueryDto): Promise<AdminPage<AdminFeeNoteDto>> {
    const params = parseAdminList(query, ['createdAt'] as const, 'createdAt');
    const userId =
      typeof params.filter.userId === 'string' && isUuid(params.filter.userId)
        ? params.filter.userId
        : undefined;
    const [rows, total] = await Promise.all([
      this.repository.listAll(params.limit, params.offset, userId),
      this.repository.countAll(userId),
    ]);
    return {
      offset: params.offset,
      total,
      rows: rows.map((row) => ({
        ...toDto(row),
        userId: row.userId,
        professional: `${row.firstName} ${row.lastName}`,
      })),
    };
  }
}
