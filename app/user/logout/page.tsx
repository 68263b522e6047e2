import { SignOut } from "@/components/auth/sign-out";

// /user/logout — clears the browser's state, revokes the session, then replaces the location with /logout.
export default function UserLogoutPage() {
  return <SignOut />;
}
