import { SignInPage } from "@/components/auth/sign-in-page";

// /logout — where sign-out lands: the sign-in page, saying so.
export default function LogoutPage() {
  return <SignInPage signedOut />;
}
