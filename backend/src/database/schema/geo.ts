import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** French departments (101 + overseas collectivities), from @etalab/decoupage-administratif. */
export const departments = pgTable('departments', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  regionCode: text('region_code'),
});

/** Communes ("commune-actuelle" only). `cityUri` is the stable slug used in public URLs. */
export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    inseeCode: text('insee_code').notNull().unique(),
    name: text('name').notNull(),
    cityUri: text('city_uri').notNull().unique(),
    departmentCode: text('department_code')
      .notNull()
      .references(() => departments.code),
    postalCodes: text('postal_codes').array().notNull().default([]),
    population: integer('population'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (t) => [
    index('cities_department_code_idx').on(t.departmentCode),
    index('cities_population_idx').on(t.population),
  ],
);
