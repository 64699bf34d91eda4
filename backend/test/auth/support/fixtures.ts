import { randomBytes, randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { eq } from 'drizzle-orm';
import { Pool } from 'pg';
import { createDb, createPool } from '../../../src/database/database.module';
import type { Database } from '../../../src/database/database.types';
import {
  admins,
  appointments,
  attendees,
  calendars,
  passwordResetTokens,
  teams,
  users,
} from '../../../src/database/schema';
import { AccessTokens, AccountKind } from '../../../src/modules/identity/access-tokens';
import { hashLinkToken, newLinkToken } from '../../../src/modules/identity/link-tokens';
import { hashPassword } from '../../../src/modules/identity/password-hasher';
import type { AppointmentStatus } from '@rdv/sectors';

export const PASSWORD = 'correct horse battery staple';

export interface SeededAccount {
  id: string;
  email: string;
  password: string;
  token: string;
}

export interface SeededUser extends SeededAccount {
  username: string;
}

/** Direct database access for arranging and for checking that nothing changed. */
export class TestDb {
  readonly pool: Pool;
  readonly db: Database;
  private readonly tokens = new AccessTokens(process.env.JWT_SECRET ?? '');

  constructor() {
    this.pool = createPool(process.env.DATABASE_URL ?? '', 2);
    this.db = createDb(this.pool);
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  token(kind: AccountKind, id: string): string {
    return this.tokens.sign({ kind, id });
  }

  /** A valid token issued `seconds` ago (a session opened earlier, e.g. on another device). */
  tokenIssuedAgo(kind: AccountKind, id: string, seconds: number): string {
    const iat = Math.floor(Date.now() / 1000) - seconds;
    return new JwtService({}).sign(
      { iat, exp: iat + 30 * 24 * 3600 },
      { secret: process.env.JWT_SECRET ?? '', audience: kind, subject: id, jwtid: randomUUID() },
    );
  }

  async admin(tag: string, password = PASSWORD): Promise<SeededAccount> {
    const email = `admin.${tag}@example.test`;
    const [row] = await this.db
      .insert(admins)
      .values({ email, passwordHash: await hashPassword(password), firstName: 'Ada', lastName: 'Admin' })
      .returning();
    return { id: row.id, email, password, token: this.token('admin', row.id) };
  }

  async user(
    tag: string,
    options: { password?: string | null; teamId?: string; telephone?: string; publicPhone?: string } = {},
  ): Promise<SeededUser> {
    const password = options.password === undefined ? PASSWORD : options.password;
    const email = `user.${tag}@example.test`;
    const username = `user.${tag}`.toLowerCase();
    const [row] = await this.db
      .insert(users)
      .values({
        email,
        username,
        userUri: `me-${tag}`.toLowerCase(),
        firstName: 'Camille',
        lastName: `Durand ${tag}`,
        passwordHash: password === null ? null : await hashPassword(password),
        teamId: options.teamId,
        telephone: options.telephone,
        publicPhone: options.publicPhone,
      })
      .returning();
    return { id: row.id, email, username, password: password ?? '', token: this.token('user', row.id) };
  }

  /** The secret of a valid sign-up link of a pending professional (what the invitation mail carries). */
  async registrationToken(userId: string): Promise<string> {
    const token = newLinkToken();
    await this.db.insert(passwordResetTokens).values({
      purpose: 'registration',
      accountKind: 'user',
      accountId: userId,
      tokenHash: hashLinkToken(token),
      expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    });
    return token;
  }

  async attendee(tag: string, password = PASSWORD): Promise<SeededAccount> {
    const email = `attendee.${tag}@example.test`;
    const [row] = await this.db
      .insert(attendees)
      .values({
        email,
        passwordHash: await hashPassword(password),
        firstName: 'Alex',
        lastName: `Martin ${tag}`,
      })
      .returning();
    return { id: row.id, email, password, token: this.token('attendee', row.id) };
  }

  async team(tag: string): Promise<string> {
    const [row] = await this.db
      .insert(teams)
      .values({ teamUri: `etude-${tag}`.toLowerCase(), name: `Étude ${tag}`, extId: `crpcen-${tag}` })
      .returning();
    return row.id;
  }

  /** An appointment of `userId` with `attendeeId` starting `startsInMinutes` from now. */
  async appointment(
    userId: string,
    attendeeId: string | null,
    startsInMinutes: number,
    status: AppointmentStatus = 'confirmed',
  ): Promise<string> {
    let [calendar] = await this.db.select().from(calendars).where(eq(calendars.userId, userId)).limit(1);
    if (!calendar)
      [calendar] = await this.db.insert(calendars).values({ userId, name: 'Agenda' }).returning();
    const startsAt = new Date(Date.now() + startsInMinutes * 60_000);
    const [row] = await this.db
      .insert(appointments)
      .values({
        refAppointment: randomBytes(8).toString('hex'),
        userId,
        calendarId: calendar.id,
        attendeeId,
        status,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      })
      .returning();
    return row.id;
  }

  async userRow(id: string) {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async attendeeRow(id: string) {
    const [row] = await this.db.select().from(attendees).where(eq(attendees.id, id));
    return row;
  }

  async adminRow(id: string) {
    const [row] = await this.db.select().from(admins).where(eq(admins.id, id));
    return row;
  }
}

/** A short unique tag so each test file's accounts do not collide in the shared run database. */
export const uniqueTag = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;

/** Tokens an attacker could present. */
export function hostileTokens(kind: AccountKind, id: string): Record<string, string> {
  const secret = process.env.JWT_SECRET ?? '';
  const jwt = new JwtService({});
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return {
    forged: jwt.sign(
      {},
      {
        secret: 'another-secret-that-is-long-enough-0123456789',
        audience: kind,
        subject: id,
        jwtid: randomUUID(),
        expiresIn: 3600,
      },
    ),
    expired: jwt.sign({ iat: now - 7200, exp: now - 3600 }, { secret, audience: kind, subject: id }),
    unsigned: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ aud: kind, sub: id, iat: now, exp: now + 3600 })}.`,
    tampered: (() => {
      const [header, , signature] = jwt
        .sign(
          {},
          {
            secret,
            audience: kind,
            subject: '00000000-0000-4000-8000-000000000000',
            jwtid: randomUUID(),
            expiresIn: 3600,
          },
        )
        .split('.');
      return `${header}.${b64({ aud: kind, sub: id, iat: now, exp: now + 3600 })}.${signature}`;
    })(),
    wrongAudience: jwt.sign(
      {},
      {
        secret,
        audience: kind === 'admin' ? 'user' : 'admin',
        subject: id,
        jwtid: randomUUID(),
        expiresIn: 3600,
      },
    ),
    hs512: jwt.sign(
      {},
      { secret, algorithm: 'HS512', audience: kind, subject: id, jwtid: randomUUID(), expiresIn: 3600 },
    ),
    withoutJwtId: jwt.sign({}, { secret, audience: kind, subject: id, expiresIn: 3600 }),
    garbage: 'not-a-jwt',
  };
}

/** A clock tests can move forward. */
export class FakeClock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  reset(): void {
    this.offsetMs = 0;
  }
}
