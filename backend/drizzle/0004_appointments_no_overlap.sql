-- Custom migration: no double booking, by construction. Two appointments of one professional that hold
-- a slot (awaiting validation or confirmed) can never overlap; back-to-back ranges are allowed ('[)').
-- Needs btree_gist (migration 0000) for `user_id WITH =`. A conflicting insert fails with SQLSTATE 23P01.
ALTER TABLE "appointments"
  ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" IN ('pending', 'confirmed'));
