import { forwardToControlPlane } from "@/server/api/forward";

// /api/v1/* — every call goes to the control-plane API (in-process, or UPSTREAM_API_URL).
export const dynamic = "force-dynamic";

export const GET = forwardToControlPlane;
export const POST = forwardToControlPlane;
export const PUT = forwardToControlPlane;
export const PATCH = forwardToControlPlane;
export const DELETE = forwardToControlPlane;
