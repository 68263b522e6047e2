import { NotFoundMessage } from "@/components/errors/not-found-message";

// Outside an organization (signed out, or before the session is known): the message alone.
export default function NotFound() {
  return (
    <main>
      <NotFoundMessage />
    </main>
  );
}
