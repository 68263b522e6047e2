CREATE TABLE "connector_loads" (
	"connector_id" text PRIMARY KEY NOT NULL,
	"used_bandwidth_mbps" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "paths_source_connector_idx";--> statement-breakpoint
DROP INDEX "paths_destination_connector_idx";--> statement-breakpoint
ALTER TABLE "connector_loads" ADD CONSTRAINT "connector_loads_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paths_source_connector_vlan_idx" ON "paths" USING btree ("source_connector_id","vlan_id");--> statement-breakpoint
CREATE INDEX "paths_destination_connector_vlan_idx" ON "paths" USING btree ("destination_connector_id","vlan_id");--> statement-breakpoint
-- A VLAN on a path that is not Specific never meant anything (the console stores none): cleared before the check.
UPDATE "paths" SET "vlan_id" = NULL WHERE "vlan_type" <> 'specific' AND "vlan_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "paths" ADD CONSTRAINT "paths_vlan_only_specific" CHECK ("paths"."vlan_type" = 'specific' or "paths"."vlan_id" is null);--> statement-breakpoint
-- Each connector's load from the paths already there (a path whose two ends are one connector counts once).
INSERT INTO "connector_loads" ("connector_id", "used_bandwidth_mbps")
SELECT "connector_id", sum("bandwidth_mbps") FROM (
  SELECT "source_connector_id" AS "connector_id", "id", "bandwidth_mbps" FROM "paths"
  UNION
  SELECT "destination_connector_id", "id", "bandwidth_mbps" FROM "paths"
) AS "ends" GROUP BY "connector_id";--> statement-breakpoint
-- Kept by the database on every write to a path, whoever makes it: the console, a seed, a cascade from a deleted
-- site or connector. The rows are taken in id order, as the console locks connectors, so two writers never wait on
-- each other in a circle.
CREATE FUNCTION "paths_connector_loads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "connector_loads" SET "used_bandwidth_mbps" = "used_bandwidth_mbps" - OLD."bandwidth_mbps"
      WHERE "connector_id" IN (OLD."source_connector_id", OLD."destination_connector_id");
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "connector_loads" ("connector_id", "used_bandwidth_mbps")
      SELECT "end", NEW."bandwidth_mbps" FROM (SELECT DISTINCT unnest(ARRAY[NEW."source_connector_id", NEW."destination_connector_id"]) AS "end") AS "ends" ORDER BY "end"
      ON CONFLICT ("connector_id") DO UPDATE SET "used_bandwidth_mbps" = "connector_loads"."used_bandwidth_mbps" + EXCLUDED."used_bandwidth_mbps";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "paths_connector_loads" AFTER INSERT OR DELETE OR UPDATE OF "bandwidth_mbps", "source_connector_id", "destination_connector_id" ON "paths"
  FOR EACH ROW EXECUTE FUNCTION "paths_connector_loads"();
