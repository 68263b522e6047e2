import { SignInPage } from "@/components/auth/sign-in-page";

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  return <SignInPage next={next} />;
}
