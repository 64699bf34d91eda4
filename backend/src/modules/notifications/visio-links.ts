import { randomBytes } from 'node:crypto';
import type { Env } from '../../config/env.schema';

/** Port of the visio provider: a fresh meeting link per video appointment. */
export abstract class VisioLinks {
  abstract newMeetingUrl(): string;
}

/**
 * Jitsi Meet (default): a room is created by opening its URL, no account needed. The room name carries
 * 120 random bits so it cannot be guessed. `VISIO_BASE_URL` points at meet.jit.si or a self-hosted Jitsi.
 */
export class JitsiVisioLinks extends VisioLinks {
  constructor(private readonly baseUrl: string) {
    super();
  }

  newMeetingUrl(): string {
    const room = `RdvAvocat-${randomBytes(15).toString('base64url').replace(/[-_]/g, 'x')}`;
    return `${this.baseUrl.replace(/\/+$/, '')}/${room}`;
  }
}

export function visioLinksFromEnv(env: Env): VisioLinks {
  switch (env.VISIO_PROVIDER) {
    case 'jitsi':
    default:
      return new JitsiVisioLinks(env.VISIO_BASE_URL);
  }
}
