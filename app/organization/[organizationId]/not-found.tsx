import { NotFoundMessage } from "@/components/errors/not-found-message";

// An object the page is about that does not exist or is another tenant's (a site, a path, a fabric, a chat): the
// message inside the console's shell, its navigation kept (issue 42).
export default function NotFound() {
  return <NotFoundMessage />;
}
