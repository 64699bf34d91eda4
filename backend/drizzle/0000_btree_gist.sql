-- Custom migration: GiST operator classes for scalar types, needed by the exclusion constraint
-- that makes double booking impossible (professional WITH =, time range WITH &&).
CREATE EXTENSION IF NOT EXISTS btree_gist;
