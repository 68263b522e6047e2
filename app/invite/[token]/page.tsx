import type { Metadata } from "next";
import { InvitationAcceptPage } from "@/components/people/invitation-accept-page";
import { safeDecode } from "@/lib/request-target";

// /invite/{token} — the public page the mailed invitation link opens: the invitee sets a name and password (or signs
// in first when the address has an account) and lands in the console. The token never goes into a referrer.
export const metadata: Metadata = { referrer: "no-referrer" };

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <InvitationAcceptPage token={safeDecode(token) ?? ""} />;
}
