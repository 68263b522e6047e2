import { SignInPage } from "@/components/auth/sign-in-page";
import { safeNextPath } from "@/lib/auth/safe-next";

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  // A repeated or foreign `next` becomes the console's root before it reaches the form.
  return <SignInPage next={safeNextPath(next)} />;
}
