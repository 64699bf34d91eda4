/** BullMQ queue names. Add a name here before enqueuing to it through the outbox. */
export const QUEUES = {
  notifications: 'notifications',
  calendarSync: 'calendar-sync',
  geocoding: 'geocoding',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
export const QUEUE_NAMES: readonly QueueName[] = Object.values(QUEUES);

export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;
