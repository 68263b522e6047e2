import { Skeleton } from "@/components/ui/skeleton";

// While a console page loads, the shell stays and the content area shows its outline.
export default function OrganizationPageLoading() {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4" aria-busy="true">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-96" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
