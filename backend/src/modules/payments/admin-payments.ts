import { Injectable } from '@nestjs/common';
import { AdminListQueryDto, type AdminPage, parseAdminList } from '../../common/admin-list';
import { ConflictError, NotFoundError } from '../../common/domain-error';
import { Transactions } from '../../database/database.module';
import { lockAgenda } from '../appointments';
import { AuditService } from '../audit';
import type { AdminPaymentAccountDto, AdminRefundDto, MonthFiguresDto } from './connect.dto';
import { ConnectedAccountsRepository } from './connected-accounts.repository';
import { parisMonthOf, parisMonthRange } from './paris-month';
import { PaymentSettlement } from './payment-settlement';
import { PaymentsRepository } from './payments.repository';

/** The month's figures of "Mes paiements", and what the console sees and does of payments. */
@Injectable()
export class AdminPayments {
  constructor(
    private readonly accountRows: ConnectedAccountsRepository,
    private readonly payments: PaymentsRepository,
    private readonly settlement: PaymentSettlement,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
  ) {}

  /** A French month's payments, refunds, commission and net (this month when none is asked). */
  async figures(userId: string, month = parisMonthOf(new Date())): Promise<MonthFiguresDto> {
    const { from, to } = parisMonthRange(month);
    const f = await this.accountRows.monthFigures(userId, from, to);
    return { month, ...f, netCents: f.paymentsCents - f.refundsCents - f.commissionCents };
  }

  async accounts(query: AdminListQueryDto): Promise<AdminPage<AdminPaymentAccountDto>> {
    const { offset, limit } = parseAdminList(query, ['name'] as const, 'name');
    const [rows, total] = await Promise.all([
      this.accountRows.listAll(limit, offset),
      this.accountRows.countAll(),
    ]);
    return {
      offset,
      total,
      rows: rows.map((r) => ({
        id: r.userId,
        email: r.email,
        name: `${r.firstName} ${r.lastName}`,
        stripeAccountId: r.stripeAccountId,
        chargesEnabled: r.chargesEnabled,
        payoutsEnabled: r.payoutsEnabled,
        detailsSubmitted: r.detailsSubmitted,
        updatedAt: r.updatedAt.toISOString(),
      })),
    };
  }

  /**
   * The console refunds a captured payment (a goodwill gesture, a dispute settled): what the client is owed
   * back grows by the amount, under the agenda lock like any change, and the worker refunds at the provider.
   */
  async refund(adminId: string, appointmentId: string, dto: AdminRefundDto) {
    return this.transactions.run(async (tx) => {
      const found = await this.payments.byAppointment(appointmentId, tx);
      if (!found) throw new NotFoundError('PAYMENT_NOT_FOUND', 'Paiement introuvable');
      await lockAgenda(tx, found.userId);
      const row = (await this.payments.lock(tx, appointmentId))!;
      if (row.status !== 'captured' && row.status !== 'partially_refunded')
        throw new ConflictError(
          'NOT_REFUNDABLE',
          'Seul un paiement encaissé peut être remboursé (celui-ci n’a pas été débité ou l’est déjà entièrement)',
        );
      const left = row.amountCents - row.refundDueCents;
      const amount = dto.amountCents ?? left;
      if (amount > left || left === 0)
        throw new ConflictError(
          'NOT_REFUNDABLE',
          `Il reste ${(left / 100).toFixed(2).replace('.', ',')} € remboursables sur ce paiement`,
        );
      const refundDueCents = row.refundDueCents + amount;
      await this.payments.update(tx, appointmentId, { refundDueCents });
      await this.settlement.enqueueSettle(tx, appointmentId);
      await this.audit.record(tx, {
        adminId,
        action: 'refund',
        resource: 'payments',
        resourceId: appointmentId,
        before: { status: row.status, refundDueCents: row.refundDueCents },
        after: { refundDueCents, amountCents: amount, reason: dto.reason.trim() },
      });
      return { appointmentId, status: row.status, amountCents: row.amountCents, refundDueCents };
    });
  }
}
