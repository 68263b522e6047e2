import { createApiApp } from "@/server/api/app";
const res = await createApiApp().request("/api/v1/openapi.json");
process.stdout.write(JSON.stringify(await res.json()));
