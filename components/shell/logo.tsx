import { cn } from "@/lib/utils";

/** The product mark: three sites joined by paths. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" fill="none" aria-hidden="true" className={cn("size-8", className)}>
      <rect width="64" height="64" rx="14" className="fill-primary" />
      <path
        d="M18 20 L32 46 L46 20 M18 20 H46"
        className="stroke-primary-foreground"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="18" cy="20" r="6" className="fill-primary-foreground" />
      <circle cx="46" cy="20" r="6" className="fill-primary-foreground" />
      <circle cx="32" cy="46" r="6" className="fill-primary-foreground/70" />
    </svg>
  );
}
