import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { InjectDb, Transactions } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { teams, users } from '../../database/schema';

export interface MembershipRow extends Record<string, unknown> {
  team_id: string | null;
  requested_team_id: string | null;
  team_requested_at: Date | null;
  first_name: string;
  last_name: string;
  email: string;
}

export interface OfficeRow extends Record<string, unknown> {
  id: string;
  team_uri: string;
  name: string;
  ext_id: string;
  presentation: string | null;
  street: string | null;
  postal_code: string | null;
  city_uri: string | null;
  city_name: string | null;
  phone: string | null;
  email: string | null;
  picture: string | null;
  manager_id: string | null;
}

export interface MemberRow extends Record<string, unknown> {
  id: string;
  first_name: string;
  last_name: string;
  user_uri: string;
  picture: string | null;
  listed: boolean;
}

export interface JoinRequestRow extends Record<string, unknown> {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  team_requested_at: Date;
}

export type NewOffice = Pick<typeof teams.$inferInsert, 'name' | 'extId' | 'teamUri'> &
  Partial<
    Pick<typeof teams.$inferInsert, 'presentation' | 'street' | 'postalCode' | 'cityId' | 'phone' | 'email'>
  >;

export type OfficeChanges = Partial<Omit<NewOffice, 'teamUri'>>;

/** Offices as their members run them: membership, join requests, manager, photo. */
@Injectable()
export class OfficesRepository {
  constructor(
    @InjectDb() private readonly db: Database,
    private readonly transactions: Transactions,
  ) {}

  /** The professional's office and pending request; `forUpdate` locks the row (membership changes). */
  async membershipOf(
    userId: string,
    db: DbOrTx = this.db,
    forUpdate = false,
  ): Promise<MembershipRow | undefined> {
    const { rows } = await db.execute<MembershipRow>(sql`
      SELECT team_id, requested_team_id, team_requested_at, first_name, last_name, email
      FROM users WHERE id = ${userId}${forUpdate ? sql` FOR UPDATE` : sql``}`);
    return rows[0];
  }

  async findOffice(teamId: string, db: DbOrTx = this.db, forUpdate = false): Promise<OfficeRow | undefined> {
    const { rows } = await db.execute<OfficeRow>(sql`
      SELECT t.id, t.team_uri, t.name, t.ext_id, t.presentation, t.street, t.postal_code,
             c.city_uri, c.name AS city_name, t.phone, t.email, t.picture, t.manager_id
      FROM teams t LEFT JOIN cities c ON c.id = t.city_id
      WHERE t.id = ${teamId}${forUpdate ? sql` FOR UPDATE OF t` : sql``}`);
    return rows[0];
  }

  async officeIdByExtId(extId: string): Promise<string | undefined> {
    const { rows } = await this.db.execute<{ id: string }>(
      sql`SELECT id FROM teams WHERE lower(ext_id) = lower(${extId})`,
    );
    return rows[0]?.id;
  }

  async teamUriTaken(teamUri: string): Promise<boolean> {
    const { rows } = await this.db.execute(sql`SELECT 1 FROM teams WHERE team_uri = ${teamUri}`);
    return rows.length > 0;
  }

  async cityIdByUri(cityUri: string): Promise<number | undefined> {
    const { rows } = await this.db.execute<{ id: number }>(
      sql`SELECT id FROM cities WHERE city_uri = ${cityUri}`,
    );
    return rows[0] ? Number(rows[0].id) : undefined;
  }

  /** Members, the manager first, then by name. */
  async members(teamId: string, db: DbOrTx = this.db): Promise<MemberRow[]> {
    const { rows } = await db.execute<MemberRow>(sql`
      SELECT u.id, u.first_name, u.last_name, u.user_uri, u.picture, u.is_public AS listed
      FROM users u LEFT JOIN teams t ON t.id = u.team_id
      WHERE u.team_id = ${teamId}
      ORDER BY (u.id = t.manager_id) DESC, u.last_name, u.first_name, u.id`);
    return rows;
  }

  async joinRequests(teamId: string, db: DbOrTx = this.db): Promise<JoinRequestRow[]> {
    const { rows } = await db.execute<JoinRequestRow>(sql`
      SELECT id, first_name, last_name, email, team_requested_at
      FROM users WHERE requested_team_id = ${teamId}
      ORDER BY team_requested_at, id`);
    return rows;
  }

  async managerContact(teamId: string): Promise<{ email: string; first_name: string } | undefined> {
    const { rows } = await this.db.execute<{ email: string; first_name: string }>(sql`
      SELECT u.email, u.first_name FROM teams t JOIN users u ON u.id = t.manager_id WHERE t.id = ${teamId}`);
    return rows[0];
  }

  async insertOffice(tx: DbOrTx, values: NewOffice & { managerId: string }): Promise<string> {
    const [row] = await tx.insert(teams).values(values).returning({ id: teams.id });
    return row!.id;
  }

  async updateOffice(tx: DbOrTx, teamId: string, changes: OfficeChanges): Promise<void> {
    await tx
      .update(teams)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(teams.id, teamId));
  }

  async setManager(tx: DbOrTx, teamId: string, managerId: string | null): Promise<void> {
    await tx
      .update(teams)
      .set({ managerId, updatedAt: sql`now()` })
      .where(eq(teams.id, teamId));
  }

  /** Puts the professional in `teamId` (or out of any office) and clears their pending request. */
  async setMembership(tx: DbOrTx, userId: string, teamId: string | null): Promise<void> {
    await tx
      .update(users)
      .set({ teamId, requestedTeamId: null, teamRequestedAt: null, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  async setJoinRequest(
    tx: DbOrTx,
    userId: string,
    request: { teamId: string; at: Date } | null,
  ): Promise<void> {
    await tx
      .update(users)
      .set({
        requestedTeamId: request?.teamId ?? null,
        teamRequestedAt: request?.at ?? null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
  }

  /** The requester's row, locked, if they are still waiting for `teamId`. */
  async lockJoinRequest(tx: DbOrTx, teamId: string, userId: string): Promise<{ email: string } | undefined> {
    const [row] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.requestedTeamId, teamId)))
      .for('update');
    return row;
  }

  async isMember(tx: DbOrTx, teamId: string, userId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.teamId, teamId)));
    return Boolean(row);
  }

  async countMembers(tx: DbOrTx, teamId: string): Promise<number> {
    const { rows } = await tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM users WHERE team_id = ${teamId}`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Sets the office photo; answers the previous one, or undefined when the office is gone. */
  async setPicture(teamId: string, picture: string | null): Promise<{ previous: string | null } | undefined> {
    return this.transactions.run(async (tx) => {
      const [before] = await tx
        .select({ picture: teams.picture })
        .from(teams)
        .where(eq(teams.id, teamId))
        .for('update');
      if (!before) return undefined;
      await tx
        .update(teams)
        .set({ picture, updatedAt: sql`now()` })
        .where(eq(teams.id, teamId));
      return { previous: before.picture };
    });
  }
}
