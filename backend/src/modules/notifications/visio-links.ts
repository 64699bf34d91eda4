import { randomBytes } from 'node:crypto';
import type { Env } from '../../config/env.schema';
import { getSector } from '@rdv/sectors';

/** Port of the visio provider: a fresh meeting link per video appointment. */
export abstract class VisioLinks {
  abstract newMeetingUrl(): string;
}

/**
 * Jitsi Meet (default): a room is created by opening its URL, no account needed. The room name carries
 * 120 random bits so it cannot be guessed. `VISIO_BASE_URL` points at meet.jit.si or a self-hosted Jitsi.
 */
export class JitsiVisioLinks extends VisioLinks {
  /** The room's prefix says whose meeting it is: "RdvAvocat", "RdvNotaire"... */
  private readonly roomPrefix: string;

  constructor(
    private readonly baseUrl: string,
    productName = getSector(undefined).productName,
  ) {
    super();
    this.roomPrefix = productName
      .normalize('NFD')
      .split(/[^A-Za-z]+/)
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
      .join('');
  }

  newMeetingUrl(): string {
    const room = `${this.roomPrefix}-${randomBytes(15).toString('base64url').replace(/[-_]/g, 'x')}`;
    return `${this.baseUrl.replace(/\/+$/, '')}/${room}`;
  }
}

export function visioLinksFromEnv(env: Env): VisioLinks {
  switch (env.VISIO_PROVIDER) {
    case 'jitsi':
    default:
      return new JitsiVisioLinks(env.VISIO_BASE_URL, getSector(env.SECTOR).productName);
  }
}
