import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale } from 'chart.js';

// Tree-shaken Chart.js: only what a bar chart needs — no legend (one series per chart) and no tooltip (5 KiB gzip
// the route's budget has no room for; every value is in the data table after the chart).
Chart.register(BarController, BarElement, CategoryScale, LinearScale);

export interface BarChartProps {
  labels: readonly string[];
  values: readonly number[];
  /** The series' name, e.g. "Bookings". */
  seriesLabel: string;
}

const BAR_COLOR = '#f97316'; // --color-orange-500
const BAR_HOVER = '#c2410c'; // --color-orange-700
const GRID_COLOR = '#e5e7eb';
const TEXT_COLOR = '#4b5563';
/** Up to this many bars, every bar's label is shown. */
const MAX_NAMED_BARS = 12;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Decorative for assistive technology: the caller wraps it in role="img" with a summary and a data table, because a
 * canvas says nothing to a screen reader. No animation under prefers-reduced-motion.
 */
export default function BarChart({ labels, values, seriesLabel }: BarChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return undefined;
    const chart = new Chart(context, {
      type: 'bar',
      data: {
        labels: [...labels],
        datasets: [{ label: seriesLabel, data: [...values], backgroundColor: BAR_COLOR, hoverBackgroundColor: BAR_HOVER, borderRadius: 3, maxBarThickness: 48 }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: prefersReducedMotion() ? false : { duration: 400 },
        scales: {
          // Every category is named (tilted when it must); a long run of days shows as many as fit.
          x: { grid: { display: false }, ticks: { color: TEXT_COLOR, autoSkip: labels.length > MAX_NAMED_BARS, maxRotation: labels.length > MAX_NAMED_BARS ? 0 : 60 } },
          y: { beginAtZero: true, grid: { color: GRID_COLOR }, ticks: { color: TEXT_COLOR, precision: 0 } },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, values, seriesLabel]);

  return <canvas ref={canvasRef} />;
}
