// Where the benchmarks create their own databases (dropped and recreated by each run).
export const BENCH_ADMIN_URL =
  process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The connection URL of the bench database `name` on the admin connection's server. */
export function benchDatabaseUrl(name) {
  const url = new URL(BENCH_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
