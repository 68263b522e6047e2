import { redirect } from "next/navigation";
import { consolePage } from "@/server/pages/console-page";

// Every SPEC §2 route has a page of its own (tests/unit/console-routes-pages.test.ts checks it), so this catch-all
// meets only paths that are no console route: they go to / (SPEC §6), as the guard in consolePage already sends them.
export default consolePage("*", () => redirect("/"));
