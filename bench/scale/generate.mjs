// `node bench/scale/generate.mjs --professionals=80000`: makes the market data set of bench/lib/market-seed.mjs in
// its own database (rdv_bench_scale_<professionals>, dropped first; --database=NAME to choose) and prints its
// row counts. Needs PostgreSQL on 127.0.0.1:5432 (BENCH_ADMIN_DATABASE_URL).
import { marketDatabaseName, seedMarket } from '../lib/market-seed.mjs';

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const professionals = Number(option('professionals') ?? 80_000);
if (!Number.isInteger(professionals) || professionals < 10) {
  console.error('--professionals must be an integer >= 10');
  process.exit(2);
}
const step = (label) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${label}`);
const started = performance.now();
const result = await seedMarket({
  professionals,
  databaseName: option('database') ?? marketDatabaseName(professionals),
  step,
});
step(`${result.databaseName} ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);
console.log(
  JSON.stringify({ counts: result.counts, city: result.city, busiestClient: result.busiestClient }, null, 2),
);
process.exit(0);
