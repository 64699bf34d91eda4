/**
 * Patterns for LIKE / ILIKE built from what a person typed: their % and _ are literal characters, never wildcards
 * (a search for "50%" finds "50%", a search for "_" does not list everything).
 */

/** Escapes % _ \ for a LIKE / ILIKE pattern (PostgreSQL's default escape character is the backslash). */
export function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A value holding the typed text anywhere. */
export function containsPattern(typed: string): string {
  return `%${likeEscape(typed)}%`;
}
