import { redirect } from "next/navigation";

// SPEC §2: an unknown route redirects to /.
export default function UnknownRoute() {
  redirect("/");
}
