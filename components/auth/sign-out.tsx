"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { LoadingScreen } from "@/components/loading/loading-screen";
import { api } from "@/lib/api/client";

/** SPEC §7 logout: clear session storage, drop cached queries, revoke the session, replace the location with /logout. */
export function SignOut() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    window.sessionStorage.clear();
    queryClient.clear();
    api
      .post("/api/v1/auth/logout", { handleAuthErrors: false })
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) window.location.replace("/logout");
      });
    return () => {
      cancelled = true;
    };
  }, [queryClient]);
  return <LoadingScreen />;
}
