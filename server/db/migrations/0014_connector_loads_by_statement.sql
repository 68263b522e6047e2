-- Migration 0013's trigger, one row at a time, took each deleted path's connectors in the order the paths went: two
-- cascades (two sites deleted at once on PostgreSQL) could each hold one connector's row the other wanted. These
-- replace it.
DROP TRIGGER "paths_connector_loads" ON "paths";--> statement-breakpoint
DROP FUNCTION "paths_connector_loads"();--> statement-breakpoint
-- Kept by the database on every write to a path, whoever makes it: the console, a seed, a cascade from a deleted
-- site or connector. Inserts and deletes are summed per statement and take the rows in connector id order, as the
-- console locks connectors, so two writers never wait on each other in a circle (a cascade deletes many paths at
-- once). A change of one path's bandwidth or ends (the console's update, its connectors already locked) is applied
-- row by row: a trigger that names columns cannot see the statement's rows together.
CREATE FUNCTION "paths_connector_loads_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "connector_loads" ("connector_id", "used_bandwidth_mbps")
    SELECT "connector_id", sum("bandwidth_mbps") FROM (
      SELECT "source_connector_id" AS "connector_id", "id", "bandwidth_mbps" FROM "added"
      UNION
      SELECT "destination_connector_id", "id", "bandwidth_mbps" FROM "added"
    ) AS "ends" GROUP BY "connector_id" ORDER BY "connector_id"
    ON CONFLICT ("connector_id") DO UPDATE SET "used_bandwidth_mbps" = "connector_loads"."used_bandwidth_mbps" + EXCLUDED."used_bandwidth_mbps";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "paths_connector_loads_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "connector_loads"
    WHERE "connector_id" IN (SELECT "source_connector_id" FROM "removed" UNION SELECT "destination_connector_id" FROM "removed")
    ORDER BY "connector_id" FOR UPDATE;
  UPDATE "connector_loads" SET "used_bandwidth_mbps" = "connector_loads"."used_bandwidth_mbps" - "ends"."used" FROM (
    SELECT "connector_id", sum("bandwidth_mbps") AS "used" FROM (
      SELECT "source_connector_id" AS "connector_id", "id", "bandwidth_mbps" FROM "removed"
      UNION
      SELECT "destination_connector_id", "id", "bandwidth_mbps" FROM "removed"
    ) AS "each_end" GROUP BY "connector_id"
  ) AS "ends" WHERE "connector_loads"."connector_id" = "ends"."connector_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "paths_connector_loads_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The old ends and the new, each with a row, taken in id order before either sum moves.
  INSERT INTO "connector_loads" ("connector_id")
    SELECT DISTINCT unnest(ARRAY[OLD."source_connector_id", OLD."destination_connector_id", NEW."source_connector_id", NEW."destination_connector_id"]) ORDER BY 1
    ON CONFLICT ("connector_id") DO NOTHING;
  PERFORM 1 FROM "connector_loads"
    WHERE "connector_id" IN (OLD."source_connector_id", OLD."destination_connector_id", NEW."source_connector_id", NEW."destination_connector_id")
    ORDER BY "connector_id" FOR UPDATE;
  UPDATE "connector_loads" SET "used_bandwidth_mbps" = "used_bandwidth_mbps" - OLD."bandwidth_mbps"
    WHERE "connector_id" IN (OLD."source_connector_id", OLD."destination_connector_id");
  UPDATE "connector_loads" SET "used_bandwidth_mbps" = "used_bandwidth_mbps" + NEW."bandwidth_mbps"
    WHERE "connector_id" IN (NEW."source_connector_id", NEW."destination_connector_id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "paths_connector_loads_added" AFTER INSERT ON "paths" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "paths_connector_loads_added"();--> statement-breakpoint
CREATE TRIGGER "paths_connector_loads_removed" AFTER DELETE ON "paths" REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "paths_connector_loads_removed"();--> statement-breakpoint
CREATE TRIGGER "paths_connector_loads_changed" AFTER UPDATE OF "bandwidth_mbps", "source_connector_id", "destination_connector_id" ON "paths"
  FOR EACH ROW EXECUTE FUNCTION "paths_connector_loads_changed"();
