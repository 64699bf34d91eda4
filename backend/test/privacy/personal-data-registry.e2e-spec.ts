import {
  CLIENT_TABLES,
  NEVER_PERSONAL_SUFFIXES,
  PERSONAL_DATA,
  PERSONAL_LOOKING_WORDS,
} from '../../src/modules/privacy/personal-data.registry';
import { openTestDb } from '../db';

/**
 * The registry of personal data against the migrated schema: a table, or a column whose name looks personal,
 * that the registry does not declare fails here, so a new one cannot escape the client's erasure and export
 * unnoticed.
 */
describe('registry of personal data', () => {
  const handle = openTestDb();
  let columns: Map<string, string[]>;

  beforeAll(async () => {
    const { rows } = await handle.pool.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name NOT LIKE '\\_\\_%'
          -- tables a test makes for itself in the run's shared database (test/api/idempotency.e2e-spec.ts)
          AND c.table_name NOT LIKE '%\\_probe'
        ORDER BY c.table_name, c.ordinal_position`,
    );
    columns = new Map();
    for (const row of rows)
      columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
  });

  afterAll(() => handle.close());

  const looksPersonal = (column: string) => {
    const words = column.split('_');
    if ((NEVER_PERSONAL_SUFFIXES as readonly string[]).includes(words[words.length - 1])) return false;
    return words.some((word) => (PERSONAL_LOOKING_WORDS as readonly string[]).includes(word));
  };

  it('declares every table of the schema, once', () => {
    const declared = PERSONAL_DATA.map((entry) => entry.table);
    expect(declared.length).toBe(new Set(declared).size);
    expect([...columns.keys()].filter((table) => !declared.includes(table))).toEqual([]);
    // and no entry outlives its table
    expect(declared.filter((table) => !columns.has(table))).toEqual([]);
  });

  it('declares every column whose name looks personal, as personal or not', () => {
    const undeclared: string[] = [];
    const unknown: string[] = [];
    for (const entry of PERSONAL_DATA) {
      const existing = columns.get(entry.table) ?? [];
      const listed = [...entry.personal, ...(entry.notPersonal ?? [])];
      for (const column of existing)
        if (looksPersonal(column) && !listed.includes(column)) undeclared.push(`${entry.table}.${column}`);
      for (const column of listed) if (!existing.includes(column)) unknown.push(`${entry.table}.${column}`);
    }
    expect(undeclared).toEqual([]);
    expect(unknown).toEqual([]);
  });

  it('gives every table holding clients’ data an export and an erasure, and the rest a reason', () => {
    for (const entry of PERSONAL_DATA)
      if (entry.subject !== 'client')
        expect({ table: entry.table, why: entry.why.length > 0 }).toEqual({
          table: entry.table,
          why: true,
        });
    // the tables that reference a client's account are all client tables
    const clientTables = CLIENT_TABLES.map((entry) => entry.table);
    for (const [table, names] of columns)
      if (names.includes('attendee_id'))
        expect({ table, client: clientTables.includes(table) }).toEqual({ table, client: true });
  });
});
