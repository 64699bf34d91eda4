import { Inject, Injectable, Logger, Module, OnModuleInit } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { getSector } from '@rdv/sectors';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { Transactions } from '../../database/database.module';
import { AvailabilityModule, SlotsService } from '../availability';
import { Clock } from '../identity';
import {
  Mailer,
  NotificationsProcessor,
  NotificationsWorkerModule,
  paragraphsMail,
  SmsSender,
} from '../notifications';
import { OutboxModule, OutboxService } from '../outbox';
import { UnsubscribeLinks, UnsubscribeWorkerModule } from '../unsubscribe';
import { SLOT_ALERT_CONFIRM_JOB, SLOT_ALERT_CONFIRM_TTL_MS, SlotAlertLinks } from './slot-alerts.service';
import { SlotAlertsRepository, type DueAlert } from './slot-alerts.repository';

export const SLOT_ALERT_JOB = 'slot-alert.mail';
/** A freed slot is offered to this many waiting clients (the first who asked); the booking decides who gets it. */
const SUBSCRIBERS_PER_SLOT = 3;

/**
 * What one scan run reads at most, so that a run stays well within its 5 minutes whatever the size of the market:
 * the marks of changed professionals (oldest first; the rest wait for the next run), the alerts never checked yet,
 * and the sweep of the others, longest unchecked first. With the sweep, every alert is checked at least once
 * every (active alerts / sweep) runs: 20,000 alerts are all looked at within about 17 hours. A run computes the
 * free slots of at most (changed pairs + fresh + sweep) professional-motive pairs; the migration leaves every
 * existing alert unchecked, drained `fresh` a run.
 */
export const SLOT_ALERT_SCAN_LIMITS = { changeMarks: 10_000, fresh: 200, sweep: 100 };
export type SlotAlertScanLimits = typeof SLOT_ALERT_SCAN_LIMITS;

/**
 * Earlier-slot alerts scan (worker, every 5 minutes): whatever freed a slot (a cancellation, a refusal, new
 * opening hours, a calendar event removed), the waiting clients of that professional and motive whose wish is
 * later than the free slot are told, the first who asked first, at most once a day each. The claim and the
 * outbox row share a transaction: one mail per alert and day across runs and replicas.
 *
 * A run computes free slots only where one may have appeared: the professionals marked by database triggers in
 * the transaction of the change (`slot_availability_changes`), plus the alerts never checked (newly confirmed
 * or renewed), plus a bounded sweep of the alerts checked longest ago (`last_checked_at`), which catches what no
 * mark names (a day entering a motive's booking horizon) and guarantees no alert waits forever behind others.
 * Its cost is proportional to the changes since the last run, not to the number of professionals or alerts.
 */
/** What one scan run read and did: its cost is `pairs` slot computations. */
export interface SlotAlertScanRun {
  /** Change marks read (and forgotten after the run). */
  marks: number;
  /** Distinct professionals those marks name. */
  changedProfessionals: number;
  /** Alerts that could be told, of the picked (professional, motive) pairs. */
  dueAlerts: number;
  /** (professional, motive) pairs whose free slots were computed. */
  pairs: number;
  told: number;
}

@Injectable()
export class SlotAlertsScheduler {
  private readonly logger = new Logger(SlotAlertsScheduler.name);
  /** The figures of the last run (logs, the scale bench). */
  lastRun: SlotAlertScanRun | undefined;

  constructor(
    private readonly transactions: Transactions,
    private readonly repository: SlotAlertsRepository,
    private readonly slots: SlotsService,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
  ) {}

  @Cron('15 */5 * * * *', { name: 'slot-alerts' })
  async tick(): Promise<void> {
    try {
      const purged = await this.repository.purgeUnconfirmed(
        new Date(this.clock.now().getTime() - SLOT_ALERT_CONFIRM_TTL_MS),
      );
      if (purged > 0) this.logger.log(`${purged} unconfirmed earlier-slot alert(s) deleted`);
      const told = await this.scan();
      if (told > 0) this.logger.log(`${told} earlier-slot alert(s) enqueued`);
      this.logger.debug(`slot alert scan: ${JSON.stringify(this.lastRun)}`);
    } catch (error) {
      this.logger.warn(`slot alert scan failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async scan(now = this.clock.now(), limits: SlotAlertScanLimits = SLOT_ALERT_SCAN_LIMITS): Promise<number> {
    // Marks first, slots after: a change committed after this read leaves its mark for the next run.
    const marks = await this.repository.changeMarks(limits.changeMarks);
    const changed = [...new Set(marks.map((mark) => mark.user_id))];
    const groups = new Map<string, DueAlert[]>();
    for (const alert of await this.repository.pickForCheck(now, changed, limits)) {
      const key = `${alert.user_id}|${alert.motive_id}`;
      groups.set(key, [...(groups.get(key) ?? []), alert]);
    }
    const told = await this.tell(groups, now);
    await this.repository.forgetChangeMarks(marks.map((mark) => mark.id));
    this.lastRun = {
      marks: marks.length,
      changedProfessionals: changed.length,
      dueAlerts: [...groups.values()].reduce((sum, alerts) => sum + alerts.length, 0),
      pairs: groups.size,
      told,
    };
    return told;
  }

  private async tell(groups: Map<string, DueAlert[]>, now: Date): Promise<number> {
    let told = 0;
    for (const waiting of groups.values()) {
      const latest = Math.max(...waiting.map((alert) => new Date(alert.before).getTime()));
      let free: Array<{ start: string }>;
      try {
        ({ slots: free } = await this.slots.slots(
          waiting[0].user_id,
          { motiveId: waiting[0].motive_id, from: now.toISOString(), to: new Date(latest).toISOString() },
          now,
        ));
      } catch {
        continue; // the motive or the professional went away: their alerts simply never fire
      }
      const chosen = new Set<string>();
      for (const slot of free) {
        const start = Date.parse(slot.start);
        const takers = waiting
          .filter((alert) => !chosen.has(alert.id) && new Date(alert.before).getTime() > start)
          .slice(0, SUBSCRIBERS_PER_SLOT);
        for (const alert of takers) {
          chosen.add(alert.id);
          const claimed = await this.transactions.run(async (tx) => {
            if (!(await this.repository.claim(tx, alert.id, now))) return false;
            await this.outbox.enqueue(tx, {
              queue: 'notifications',
              jobName: SLOT_ALERT_JOB,
              payload: { alertId: alert.id, start: slot.start },
            });
            return true;
          });
          if (claimed) told += 1;
        }
        if (chosen.size === waiting.length) break;
      }
    }
    return told;
  }
}

/** Worker handler of `slot-alert.mail`: the earlier slot, a link that opens the booking on it, and a way out. */
@Injectable()
export class SlotAlertMailJob implements OnModuleInit {
  private readonly links: SlotAlertLinks;

  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly repository: SlotAlertsRepository,
    private readonly mailer: Mailer,
    private readonly sms: SmsSender,
    private readonly clock: Clock,
    private readonly unsubscribeLinks: UnsubscribeLinks,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.links = new SlotAlertLinks(env.JWT_SECRET);
  }

  onModuleInit(): void {
    this.processor.register(SLOT_ALERT_JOB, (_tx, payload) =>
      this.send(String(payload.alertId), String(payload.start)),
    );
    this.processor.register(SLOT_ALERT_CONFIRM_JOB, (_tx, payload) =>
      this.sendConfirmation(String(payload.alertId)),
    );
  }

  /** The double opt-in: the address confirms it asked (a link), or learns its alert was renewed. */
  async sendConfirmation(alertId: string): Promise<void> {
    const alert = await this.repository.forConfirmation(alertId);
    if (!alert) return;
    const sector = getSector(this.env.SECTOR);
    const base = this.env.PUBLIC_URL.replace(/\/+$/, '');
    const now = this.clock.now().getTime();
    const what = `${alert.professional_name} (${alert.motive_title})`;
    const stop = `${base}/alertes/arreter?token=${encodeURIComponent(this.links.sign(alert.id, now))}`;
    const paragraphs = alert.confirmed
      ? [
          'Bonjour,',
          `Votre alerte pour un créneau plus tôt avec ${what} est déjà active : sa date vient d’être mise à jour.`,
          `Ne plus être prévenu(e) : ${stop}`,
          `L’équipe ${sector.productName}`,
        ]
      : [
          'Bonjour,',
          `Vous avez demandé à être prévenu(e) si un créneau se libère plus tôt avec ${what}.`,
          `Confirmez l’alerte (lien valable 48 heures) : ${base}/alertes/confirmer?token=${encodeURIComponent(this.links.signConfirmation(alert.id, now))}`,
          'Sans confirmation, aucune alerte ne vous sera envoyée. Si vous n’avez rien demandé, ignorez cet email.',
          `L’équipe ${sector.productName}`,
        ];
    await this.mailer.send(
      paragraphsMail(
        alert.email,
        alert.confirmed ? 'Votre alerte créneau est à jour' : 'Confirmez votre alerte créneau',
        paragraphs,
        `<slot-alert-confirm-${alertId}-${now}@${new URL(this.env.PUBLIC_URL).hostname}>`,
        // Before the double opt-in nothing is sent that could be stopped: no unsubscribe link yet.
        alert.confirmed ? { unsubscribeUrl: stop, oneClickUnsubscribeUrl: this.oneClick(alert.id) } : {},
      ),
    );
  }

  /** The mail client's one-click unsubscribe (RFC 8058): POSTed to the API, it stops this alert. */
  private oneClick(alertId: string): string {
    return this.unsubscribeLinks.url({ kind: 'slot_alert', subject: alertId });
  }

  async send(alertId: string, start: string): Promise<void> {
    const alert = await this.repository.forMail(alertId);
    if (!alert) return;
    const sector = getSector(this.env.SECTOR);
    const base = this.env.PUBLIC_URL.replace(/\/+$/, '');
    const when = new Intl.DateTimeFormat('fr-FR', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: alert.timezone,
    }).format(new Date(start));
    const book = `${base}/${sector.routes.profile}/${alert.user_uri}?creneau=${encodeURIComponent(start)}`;
    const stop = `${base}/alertes/arreter?token=${encodeURIComponent(this.links.sign(alert.id, this.clock.now().getTime()))}`;
    await this.mailer.send(
      paragraphsMail(
        alert.email,
        `Un créneau plus tôt avec ${alert.professional_name}`,
        [
          'Bonjour,',
          `Un créneau vient de se libérer avec ${alert.professional_name} (${alert.motive_title}) : ${when}.`,
          `Le réserver : ${book}`,
          'Les créneaux libérés partent vite : s’il est déjà pris, vous serez prévenu(e) du prochain, au plus un email par jour.',
          `Ne plus être prévenu(e) : ${stop}`,
          `L’équipe ${sector.productName}`,
        ],
        `<slot-alert-${alertId}-${Date.parse(start)}@${new URL(this.env.PUBLIC_URL).hostname}>`,
        { unsubscribeUrl: stop, oneClickUnsubscribeUrl: this.oneClick(alert.id) },
      ),
    );
    if (alert.sms_phone)
      await this.sms.send(
        alert.sms_phone,
        `${sector.productName} : un créneau s’est libéré avec ${alert.professional_name}, ${when}. Réserver : ${book}`,
      );
  }
}

/** Worker side of the earlier-slot alerts. Import only in WorkerModule. */
@Module({
  imports: [NotificationsWorkerModule, OutboxModule, AvailabilityModule, UnsubscribeWorkerModule],
  providers: [SlotAlertsScheduler, SlotAlertMailJob, SlotAlertsRepository],
  exports: [SlotAlertsScheduler],
})
export class SlotAlertsWorkerModule {}
