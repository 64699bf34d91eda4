// Creates a PostgreSQL database if it does not exist, or drops and recreates it with --fresh.
// Usage: node scripts/ensure-db.mjs <database-url> [--fresh]
import pg from 'pg';

const [url, flag] = process.argv.slice(2);
if (!url) {
  console.error('usage: ensure-db.mjs <database-url> [--fresh]');
  process.exit(2);
}
const target = new URL(url);
const name = decodeURIComponent(target.pathname.slice(1));
if (!/^[a-z0-9_]+$/i.test(name)) {
  console.error(`Refusing database name "${name}": letters, digits and _ only`);
  process.exit(2);
}
const admin = new URL(url);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
try {
  await client.connect();
} catch (error) {
  console.error(`Cannot reach PostgreSQL at ${admin.host}: ${error.message}`);
  process.exit(1);
}
if (flag === '--fresh') {
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
if (exists.rowCount === 0) {
  await client.query(`CREATE DATABASE "${name}"`);
  console.log(`created database ${name}`);
}
await client.end();
