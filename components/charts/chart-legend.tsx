/** The legend under a chart: a swatch per series, dashed for a comparison. */
export function ChartLegend({ items }: { items: { key: string; label: string; color: string; dashed?: boolean }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" data-testid="chart-legend">
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-1.5">
          <svg width="16" height="8" aria-hidden>
            <line x1="0" y1="4" x2="16" y2="4" stroke={item.color} strokeWidth="2" strokeDasharray={item.dashed ? "4 3" : undefined} />
          </svg>
          {item.label}
        </li>
      ))}
    </ul>
  );
}
