import { Injectable } from '@nestjs/common';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, ne, or, SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../common/like-pattern';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { type ListWindow, readListPage } from '../../database/list-total';
import {
  admins,
  appointmentDetails,
  appointments,
  attendees,
  SLOT_HOLDING_STATUSES,
  teams,
  users,
  userSpecialities,
} from '../../database/schema';
import type { UserProfileExtras } from './account-views';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type AttendeeRow = typeof attendees.$inferSelect;
export type NewAttendeeRow = typeof attendees.$inferInsert;
export type AdminRow = typeof admins.$inferSelect;

export type UserSortField = 'first_name' | 'last_name' | 'email' | 'username' | 'createdAt' | 'isActive';
export interface UserListQuery {
  sort: { field: UserSortField; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
  filter: { q?: string; ids?: string[]; email?: string; isActive?: boolean; teamId?: string };
}

const SORT_COLUMNS = {
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  username: users.username,
  createdAt: users.createdAt,
  isActive: users.isActive,
} as const;

/**
 * A client's address, last name, first name and phone as one text: the expression of the trigram index
 * `attendees_search_trgm_idx` (schema/accounts.ts), written identically so the planner matches it. The columns are
 * joined by chr(31), the unit separator, which a search never holds (CONTROL_CHARACTERS are taken out of it): a text
 * matches the joined form exactly when it is part of one column, so no per-column test is needed beside it.
 */
const ATTENDEE_SEARCH_TEXT = sql`(${attendees.email} || chr(31) || coalesce(${attendees.lastName}, '') || chr(31) || coalesce(${attendees.firstName}, '') || chr(31) || coalesce(${attendees.phone}, ''))`;
/**
 * Below this offset a text search's page is read as PostgreSQL plans it: walking the sort column's index and testing
 * each client until the page is full, a few hundred rows for a common name. Deeper, that walk reads offset / the
 * share of matching clients: the last page of "martin" (its 1,001st match) walked 46,000 of 300,000 clients, 470
 * ms, where reading every match through the trigram index and sorting them took 34 ms.
 */
const TEXT_SEARCH_WALK_UP_TO = 100;

/**
 * A deep page sorts the matches only when the planner expects at most this many: sorting every match costs their
 * number, so a text most clients hold ("bench" in every address of the 300,000-client bench market) reads its last
 * page in 3-17 ms by the walk and in 440-640 ms by the sort. Around here both cost about the same.
 */
const DEEP_PAGE_SORTS_MATCHES_UP_TO = 20_000;

/**
 * The ids of one deep page of a text search: every match read through the trigram index (the `OFFSET 0` keeps
 * PostgreSQL from walking the sort index instead), then sorted; the rows are read by id (their primary key).
 */
function deepTextSearchPage(where: SQL, column: AnyPgColumn, order: SQL[], window: ListWindow): SQL {
  // Aliased as the table, so the order's qualified columns name the subquery's.
  return sql`SELECT ${attendees.id} FROM (SELECT ${attendees.id}, ${column} FROM ${attendees} WHERE ${where} OFFSET 0) AS ${attendees}
    ORDER BY ${sql.join(order, sql`, `)} LIMIT ${window.limit} OFFSET ${window.offset}`;
}

/** Control characters, the separator of ATTENDEE_SEARCH_TEXT among them: nothing a person searches for. */
// eslint-disable-next-line no-control-regex -- control characters are what it takes out
const CONTROL_CHARACTERS = /[\u0000-\u001f]/g;

/** SQLSTATE 23505 (unique violation), optionally on one constraint; drizzle wraps pg errors in `cause`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidates = [error, (error as { cause?: unknown } | undefined)?.cause];
  return candidates.some((candidate) => {
    const pgError = candidate as { code?: string; constraint?: string } | undefined;
    return pgError?.code === '23505' && (!constraint || pgError.constraint === constraint);
  });
}

@Injectable()
export class AccountsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  // ------------------------------------------------------------ professionals

  /** The practice commune and the specialities (in each professional's order) of users' views, two queries. */
  async profileExtrasOf(userIds: string[], db: DbOrTx = this.db): Promise<Map<string, UserProfileExtras>> {
    const extras = new Map<string, UserProfileExtras>(
      userIds.map((id) => [id, { city: null, specialities: [] }]),
    );
    if (userIds.length === 0) return extras;
    const ids = sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const places = await db.execute<{
      user_id: string;
      city_uri: string;
      name: string;
      postal_codes: string[];
    }>(sql`
      SELECT u.id AS user_id, c.city_uri, c.name, c.postal_codes
        FROM users u JOIN cities c ON c.id = u.city_id WHERE u.id IN (${ids})`);
    for (const place of places.rows)
      extras.get(place.user_id)!.city = {
        cityUri: place.city_uri,
        name: place.name,
        postalCodes: place.postal_codes ?? [],
      };
    const chosen = await db.execute<{ user_id: string; id: number; slug: string; name: string }>(sql`
      SELECT us.user_id, s.id, s.slug, s.name FROM user_specialities us JOIN specialities s ON s.id = us.speciality_id
       WHERE us.user_id IN (${ids}) ORDER BY us.user_id, us.position, s.position, s.id`);
    for (const row of chosen.rows)
      extras.get(row.user_id)!.specialities.push({ _id: row.id, slug: row.slug, name: row.name });
    return extras;
  }

  /** A commune by its URI, with the coordinates a practice there gets. */
  async cityByUri(
    cityUri: string,
  ): Promise<{ id: number; latitude: number | null; longitude: number | null } | undefined> {
    const { rows } = await this.db.execute<{ id: number; latitude: number | null; longitude: number | null }>(
      sql`SELECT id, latitude, longitude FROM cities WHERE city_uri = ${cityUri}`,
    );
    return rows[0];
  }

  /** The ids among `ids` that name an enabled speciality. */
  async enabledSpecialityIds(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.db.execute<{ id: number }>(
      sql`SELECT id FROM specialities WHERE enabled AND id IN (${sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )})`,
    );
    return rows.map((row) => Number(row.id));
  }

  /** Replaces a professional's specialities, keeping the given order. */
  async replaceSpecialities(tx: DbOrTx, userId: string, ids: number[]): Promise<void> {
    await tx.delete(userSpecialities).where(eq(userSpecialities.userId, userId));
    if (ids.length === 0) return;
    await tx
      .insert(userSpecialities)
      .values(ids.map((specialityId, position) => ({ userId, specialityId, position })));
  }

  async findUserById(id: string, db: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** The name of an office (the one a professional belongs to, or asked to join). */
  async officeName(teamId: string, db: DbOrTx = this.db): Promise<string | undefined> {
    const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId)).limit(1);
    return row?.name;
  }

  /** Login accepts the username or the email (usernames cannot contain "@", so the two never collide). */
  async findUserByLogin(identifier: string): Promise<UserRow | undefined> {
    const value = identifier.trim().toLowerCase();
    const [row] = await this.db
      .select()
      .from(users)
      .where(value.includes('@') ? eq(users.email, value) : eq(users.username, value))
      .limit(1);
    return row;
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()))
      .limit(1);
    return row;
  }

  async userEmailTaken(email: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email))
      .limit(1);
    return row !== undefined;
  }

  async usernameTaken(username: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        exceptId ? and(eq(users.username, username), ne(users.id, exceptId)) : eq(users.username, username),
      )
      .limit(1);
    return row !== undefined;
  }

  async userUriTaken(userUri: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userUri, userUri))
      .limit(1);
    return row !== undefined;
  }

  async insertUser(values: NewUserRow, db: DbOrTx = this.db): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row;
  }

  async updateUser(
    id: string,
    patch: Partial<NewUserRow>,
    db: DbOrTx = this.db,
  ): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Sets the first password of an account created without one; undefined when it already had one (or does not exist). */
  async completeUserRegistration(
    id: string,
    patch: Partial<NewUserRow> & { passwordHash: string },
    db: DbOrTx = this.db,
  ): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), sql`${users.passwordHash} IS NULL`))
      .returning();
    return row;
  }

  async listUsers(query: UserListQuery): Promise<{ rows: UserRow[]; total: number }> {
    const conditions: SQL[] = [];
    const { q, ids, email, isActive, teamId } = query.filter;
    if (q) {
      const pattern = containsPattern(q);
      conditions.push(
        or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.email, pattern),
          ilike(users.username, pattern),
        ) as SQL,
      );
    }
    if (ids) conditions.push(ids.length > 0 ? inArray(users.id, ids) : sql`false`);
    if (email) conditions.push(eq(users.email, email.toLowerCase()));
    if (isActive !== undefined) conditions.push(eq(users.isActive, isActive));
    if (teamId) conditions.push(eq(users.teamId, teamId));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const column = SORT_COLUMNS[query.sort.field];
    const direction = query.sort.order === 'DESC' ? desc : asc;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(direction(column), asc(users.id))
        .offset(query.offset)
        .limit(query.limit),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { rows, total };
  }

  /** Ids among `ids` that share a (non-null) team with `userId`, `userId` included. */
  async teammatesAmong(userId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const me = await this.findUserById(userId);
    if (!me) return [];
    if (!me.teamId) return ids.filter((id) => id === userId);
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.teamId, me.teamId)));
    return rows.map((row) => row.id);
  }

  /** Future appointments that hold a slot (pending or confirmed, starting after `now`), per professional. */
  async countFutureAppointments(userIds: string[], now: Date): Promise<Map<string, number>> {
    const counts = new Map<string, number>(userIds.map((id) => [id, 0]));
    if (userIds.length === 0) return counts;
    const rows = await this.db
      .select({ userId: appointments.userId, total: count() })
      .from(appointments)
      .where(
        and(
          inArray(appointments.userId, userIds),
          inArray(appointments.status, [...SLOT_HOLDING_STATUSES]),
          gt(appointments.startsAt, now),
        ),
      )
      .groupBy(appointments.userId);
    for (const row of rows) counts.set(row.userId, row.total);
    return counts;
  }

  /** True when the professional has (or had) an appointment with the attendee, whatever its status. */
  /**
   * True when the client booked with the professional through the site: that booking is the client's choice
   * to share their details. An appointment the professional entered by hand with the client's address grants
   * nothing, whatever its status.
   */
  async userHasAppointmentWith(userId: string, attendeeId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: appointments.id })
      .from(appointments)
      .leftJoin(appointmentDetails, eq(appointmentDetails.appointmentId, appointments.id))
      .where(
        and(
          eq(appointments.userId, userId),
          eq(appointments.attendeeId, attendeeId),
          isNotNull(appointments.attendeeId),
          sql`coalesce(${appointmentDetails.createdBy}, 'attendee') = 'attendee'`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  // ------------------------------------------------------------ attendees

  /** The console's clients: search on name / email / phone, active filter, ids (getMany). */
  async listAttendeesForAdmin(
    filter: { q?: string; isActive?: boolean; ids?: string[] },
    sort: { field: 'email' | 'lastName' | 'createdAt'; order: 'ASC' | 'DESC' },
    page: { offset: number; limit: number },
  ): Promise<{ rows: AttendeeRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.q) {
      // One test on the four columns joined by a separator the search cannot hold: it reads the trigram index
      // (attendees_search_trgm_idx) and matches exactly the clients one of whose columns holds the text. It was
      // the joined text and a per-column test: PostgreSQL multiplied the two selectivities as if independent
      // ("martin": 15 estimated for 425 among 18,750 clients), chose to read the whole table and ran five ILIKEs
      // per client (31-35 ms where one test through the index takes 1-2 ms).
      // `q` arrives LIKE-escaped (like-pattern likeEscape, in the console's service).
      const pattern = `%${filter.q.replace(CONTROL_CHARACTERS, '')}%`;
      conditions.push(sql`${ATTENDEE_SEARCH_TEXT} ILIKE ${pattern}`);
    }
    if (filter.isActive !== undefined) conditions.push(eq(attendees.isActive, filter.isActive));
    if (filter.ids) conditions.push(filter.ids.length ? inArray(attendees.id, filter.ids) : sql`false`);
    const where = conditions.length ? and(...conditions) : undefined;
    const column = attendees[sort.field];
    const from = sql`FROM ${attendees} WHERE ${where ?? sql`true`}`;
    // A page past the middle is read from the end of the list (readListPage); a text search's total is capped.
    return readListPage(
      this.db,
      from,
      page,
      async (window) => {
        const order = [
          (sort.order === 'DESC') !== window.reversed ? desc(column) : asc(column),
          window.reversed ? desc(attendees.id) : asc(attendees.id),
        ];
        const query = this.db
          .select()
          .from(attendees)
          .orderBy(...order);
        if (
          filter.q &&
          window.offset >= TEXT_SEARCH_WALK_UP_TO &&
          (await window.estimated()) <= DEEP_PAGE_SORTS_MATCHES_UP_TO
        )
          return query.where(sql`${attendees.id} IN (${deepTextSearchPage(where!, column, order, window)})`);
        return query.where(where).limit(window.limit).offset(window.offset);
      },
      { textSearch: Boolean(filter.q) },
    );
  }

  async setAttendeeActive(tx: DbOrTx, id: string, isActive: boolean): Promise<AttendeeRow | undefined> {
    const [row] = await tx
      .update(attendees)
      .set({ isActive, updatedAt: sql`now()` })
      .where(eq(attendees.id, id))
      .returning();
    return row;
  }

  async findAttendeeById(id: string, db: DbOrTx = this.db): Promise<AttendeeRow | undefined> {
    const [row] = await db.select().from(attendees).where(eq(attendees.id, id)).limit(1);
    return row;
  }

  async findAttendeeByEmail(email: string): Promise<AttendeeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(attendees)
      .where(eq(attendees.email, email.trim().toLowerCase()))
      .limit(1);
    return row;
  }

  async attendeeEmailTaken(email: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: attendees.id })
      .from(attendees)
      .where(
        exceptId ? and(eq(attendees.email, email), ne(attendees.id, exceptId)) : eq(attendees.email, email),
      )
      .limit(1);
    return row !== undefined;
  }

  async insertAttendee(values: NewAttendeeRow): Promise<AttendeeRow> {
    const [row] = await this.db.insert(attendees).values(values).returning();
    return row;
  }

  async updateAttendee(
    id: string,
    patch: Partial<NewAttendeeRow>,
    db: DbOrTx = this.db,
  ): Promise<AttendeeRow | undefined> {
    const [row] = await db
      .update(attendees)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(attendees.id, id))
      .returning();
    return row;
  }

  // ------------------------------------------------------------ admins

  async findAdminById(id: string): Promise<AdminRow | undefined> {
    const [row] = await this.db.select().from(admins).where(eq(admins.id, id)).limit(1);
    return row;
  }

  async listAdminEmails(): Promise<string[]> {
    const rows = await this.db.select({ email: admins.email }).from(admins).orderBy(admins.email);
    return rows.map((row) => row.email);
  }

  async findAdminByEmail(email: string): Promise<AdminRow | undefined> {
    const [row] = await this.db
      .select()
      .from(admins)
      .where(eq(admins.email, email.trim().toLowerCase()))
      .limit(1);
    return row;
  }

  // ------------------------------------------------------------ passwords

  async setPasswordHash(
    db: DbOrTx,
    kind: 'admin' | 'user' | 'attendee',
    id: string,
    passwordHash: string,
  ): Promise<boolean> {
    if (kind === 'admin') {
      const rows = await db
        .update(admins)
        .set({ passwordHash })
        .where(eq(admins.id, id))
        .returning({ id: admins.id });
      return rows.length === 1;
    }
    if (kind === 'user') {
      const rows = await db
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      return rows.length === 1;
    }
    const rows = await db
      .update(attendees)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(attendees.id, id))
      .returning({ id: attendees.id });
    return rows.length === 1;
  }
}
