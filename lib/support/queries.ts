import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import type { SupportTicketInput } from "./schema";

// POST /api/v1/support/ticket
export function useCreateSupportTicket() {
  return useMutation({
    mutationFn: (body: SupportTicketInput) => api.post("/api/v1/support/ticket", { body }),
  });
}
