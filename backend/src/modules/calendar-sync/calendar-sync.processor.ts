import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { Job, Worker } from 'bullmq';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { closeBullWorker, trackRedisReadiness } from '../../queue/close';
import { QUEUES } from '../../queue/queue.constants';
import { inJobSpan } from '../../observability/tracing';
import { observeJobs, setCalendarConnectionsProbe } from '../../observability/metrics';
import { bullConnection, QueueRegistry } from '../../queue/queue.registry';
import { escapeHtml, Mailer } from '../notifications';
import { BusyTimesRepository } from './busy-times.repository';
import { CalendarConnectionsRepository } from './calendar-connections.repository';
import { SYNC_JOB, WRITE_BACK_JOB } from './calendar-sync.jobs';
import { CalendarSyncService } from './calendar-sync.service';
import { SyncQueue } from './sync-queue';
import { WriteBackRepository } from './write-back.repository';
import { WriteBackService } from './write-back.service';
import { MeetingLinkHandoff } from './meeting-link-handoff';

/**
 * The periodic sync of every busy calendar: the only way changes reach us from providers without push (CalDAV,
 * iCloud) and the fallback for missed pushes. Every minute, so a lawyer's new event leaves the booking engine within
 * about a minute; cheap, since an unchanged CalDAV calendar answers one PROPFIND (its ctag) and nothing more.
 */
export const PERIODIC_SYNC_MS = 60_000;
/** A polled calendar that changed lately is synced this often (for ACTIVE_WINDOW_MS), then back to the minute. */
export const ACTIVE_SYNC_MS = 15_000;

/**
 * Consumes the `calendar-sync` queue (worker process): `calendar.sync` {calendarId} and
 * `appointment.write-back` {appointmentId}. Provider failures throw, so BullMQ retries with backoff; a
 * refused credential stops the connection's jobs (needs_reauth) and sends the "reconnect" mail, one a day.
 */
@Injectable()
export class CalendarSyncProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CalendarSyncProcessor.name);
  private worker: Worker | undefined;
  private redisReady: () => boolean = () => false;

  constructor(
    private readonly calendarSync: CalendarSyncService,
    private readonly writeBack: WriteBackService,
    private readonly writeBackRows: WriteBackRepository,
    private readonly handoff: MeetingLinkHandoff,
    private readonly syncQueue: SyncQueue,
    private readonly connections: CalendarConnectionsRepository,
    private readonly busyTimes: BusyTimesRepository,
    private readonly queues: QueueRegistry,
    private readonly mailer: Mailer,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onApplicationBootstrap(): void {
    setCalendarConnectionsProbe(() => this.connections.connectionCounts());
    this.worker = new Worker(
      QUEUES.calendarSync,
      (job) => inJobSpan(QUEUES.calendarSync, job, () => this.process(job)),
      {
        connection: bullConnection(this.env),
        prefix: this.env.QUEUE_PREFIX,
        concurrency: 4,
      },
    );
    observeJobs(this.worker, QUEUES.calendarSync);
    this.redisReady = trackRedisReadiness(this.worker);
    let lastLog = 0;
    this.worker.on('error', (error) => {
      if (Date.now() - lastLog > 10_000) {
        lastLog = Date.now();
        this.logger.warn(`calendar-sync worker: ${error.message}`);
      }
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn({ jobId: job?.id, jobName: job?.name }, `calendar-sync job failed: ${error.message}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.worker) await closeBullWorker(this.worker, this.redisReady());
    this.worker = undefined;
  }

  async process(job: Job): Promise<string> {
    if (job.name === SYNC_JOB) {
      const calendarId = String(job.data.calendarId);
      const outcome = await this.calendarSync.syncCalendar(calendarId);
      if (outcome === 'needs_reauth') {
        const calendar = await this.connections.findCalendar(calendarId);
        if (calendar) await this.mailReauth(calendar.connectionId, false);
      }
      return outcome;
    }
    if (job.name === WRITE_BACK_JOB) {
      const appointmentId = String(job.data.appointmentId);
      const uidDomain = new URL(this.env.PUBLIC_URL).hostname;
      const outcome = job.data.thenNotify
        ? await this.handoff.run(appointmentId, uidDomain, job.data.thenNotify)
        : await this.writeBack.writeBack(appointmentId, uidDomain);
      // The write-back is often the first to meet a revoked account (a Meet or Teams confirmation): the
      // professional is told at once, not at the next busy-calendar sync (which may never come).
      if (outcome === 'needs_reauth') await this.mailReauthOfAppointment(appointmentId);
      return outcome;
    }
    this.logger.warn(`unknown calendar-sync job ${job.name}`);
    return 'ignored';
  }

  /**
   * Every busy calendar of an active connection gets a sync job; the job id is per calendar and per period,
   * so overlapping runs or replicas add each one once.
   */
  @Cron('0 * * * * *', { name: 'calendar-sync-periodic' })
  async tick(now = Date.now()): Promise<number> {
    try {
      const ids = await this.busyTimes.busyCalendarIds();
      const period = Math.floor(now / PERIODIC_SYNC_MS);
      const queue = this.queues.get(QUEUES.calendarSync);
      await queue.addBulk(
        ids.map((calendarId) => ({
          name: SYNC_JOB,
          data: { calendarId },
          opts: { jobId: `sync-${calendarId}-${period}` },
        })),
      );
      return ids.length;
    } catch (error) {
      this.logger.warn(
        `periodic calendar sync failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 0;
    }
  }

  /**
   * Calendars that changed in the last minutes (a lawyer busy in their agenda) are synced every 15 s, so a
   * change there reaches the pages within seconds; a few requests a minute per calendar, within every
   * provider's limits. The job id is per calendar and per 15 s period.
   */
  @Cron('*/15 * * * * *', { name: 'calendar-sync-active' })
  async tickActive(now = Date.now()): Promise<number> {
    try {
      const ids = await this.syncQueue.recentlyChanged(now);
      if (ids.length === 0) return 0;
      const period = Math.floor(now / ACTIVE_SYNC_MS);
      await this.queues.get(QUEUES.calendarSync).addBulk(
        ids.map((calendarId) => ({
          name: SYNC_JOB,
          data: { calendarId },
          opts: { jobId: `sync-${calendarId}-active-${period}` },
        })),
      );
      return ids.length;
    } catch (error) {
      this.logger.warn(
        `active calendar sync failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 0;
    }
  }

  private async mailReauthOfAppointment(appointmentId: string): Promise<void> {
    const appointment = await this.writeBackRows.findAppointmentToWrite(appointmentId);
    const target = appointment && (await this.writeBackRows.findWriteTarget(appointment.userId));
    if (target) await this.mailReauth(target.connection.id, appointment.mode === 'visio');
  }

  private async mailReauth(connectionId: string, visioFellBack: boolean): Promise<void> {
    const to = await this.connections.claimReauthMail(connectionId);
    if (!to) return;
    const link = `${this.env.PUBLIC_URL}/user/setting#synchronisation-calendriers`;
    const hello = to.firstName ? `Bonjour ${to.firstName},` : 'Bonjour,';
    const text = [
      hello,
      '',
      `Votre calendrier « ${to.accountLabel} » n'accepte plus nos identifiants (mot de passe changé ou accès révoqué) : ` +
        'ses événements ne bloquent plus vos créneaux et vos rendez-vous n’y sont plus écrits.',
      ...(visioFellBack
        ? [
            '',
            'Vos rendez-vous en visio n’ont donc plus de réunion Google Meet ou Teams : ils reçoivent le lien de secours ' +
              '(la salle Jitsi du site ou votre propre lien), indiqué au client dans sa confirmation.',
          ]
        : []),
      '',
      `Reconnectez-le ici : ${link}`,
    ].join('\n');
    await this.mailer.send({
      to: to.email,
      subject: 'Reconnectez votre calendrier',
      text,
      html: text
        .split('\n')
        .map((line) =>
          line.startsWith('Reconnectez-le')
            ? `<p><a href="${escapeHtml(link)}">Reconnecter mon calendrier</a></p>`
            : `<p>${escapeHtml(line)}</p>`,
        )
        .join(''),
    });
  }
}
