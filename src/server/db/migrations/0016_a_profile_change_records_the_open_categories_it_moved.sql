-- name: a profile change records the open categories it moved

-- When the association changes its classes or its unit, the categories not yet drawn follow the new classes
-- (association/categories.ts); two that land in the same class become one. The change records what it moved, as
-- JSON (the category, its class and unit before and after, the category it was merged into, the entries it moved and
-- the entries it dropped as duplicates), so that undoing the change puts every category back exactly. Null for a
-- change that moved none, and for every change made before this column.
ALTER TABLE association_changes ADD COLUMN categories TEXT CHECK (categories IS NULL OR json_valid(categories));
