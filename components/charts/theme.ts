// The charts' series colours, for light and dark themes, as CSS variables set on the element that holds them
// (the status colours come from app/globals.css).
export const CHART_THEME =
  "[--chart-rx:oklch(0.55_0.13_235)] [--chart-tx:oklch(0.6_0.16_305)] [--chart-metric:oklch(0.52_0.1_210)] dark:[--chart-rx:oklch(0.74_0.12_230)] dark:[--chart-tx:oklch(0.74_0.14_310)] dark:[--chart-metric:oklch(0.76_0.1_200)]";
