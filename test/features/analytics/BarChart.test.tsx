import { render } from '@testing-library/react';
import * as chartJs from 'chart.js';
import BarChart from '@/features/analytics/BarChart';

/**
 * The chart's configuration as Chart.js receives it (jsdom cannot draw a canvas): only the bar chart's parts are
 * registered, the data is the caller's, and there is no animation when the user prefers reduced motion.
 */

interface Made {
  config: { options: { animation: unknown }; data: unknown };
  destroyed: boolean;
}

jest.mock('chart.js', () => {
  // Created inside the factory: jest hoists it above the test file's own declarations.
  const made: unknown[] = [];
  const registered: unknown[] = [];
  class Chart {
    static register(...items: unknown[]) {
      registered.push(...items);
    }
    private readonly entry: Made;
    constructor(_context: unknown, config: Made['config']) {
      this.entry = { config, destroyed: false };
      made.push(this.entry);
    }
    destroy() {
      this.entry.destroyed = true;
    }
  }
  return {
    Chart,
    BarController: 'BarController',
    BarElement: 'BarElement',
    CategoryScale: 'CategoryScale',
    LinearScale: 'LinearScale',
    mockState: { made, registered },
  };
});

const { made, registered } = (chartJs as unknown as { mockState: { made: Made[]; registered: unknown[] } }).mockState;

let getContext: jest.SpyInstance;
const originalMatchMedia = window.matchMedia;

function prefersReducedMotion(reduce: boolean): void {
  window.matchMedia = ((query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  made.length = 0;
  getContext = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ({}) as CanvasRenderingContext2D);
});

afterEach(() => {
  getContext.mockRestore();
  window.matchMedia = originalMatchMedia;
});

test('registers only the bar chart and its two scales', () => {
  expect(registered).toEqual(['BarController', 'BarElement', 'CategoryScale', 'LinearScale']);
});

test('draws the given bars, animated, and is destroyed with the component', () => {
  prefersReducedMotion(false);
  const { unmount } = render(<BarChart labels={['Mon', 'Tue']} values={[2, 5]} seriesLabel="Bookings" />);
  expect(made).toHaveLength(1);
  expect(made[0].config.data).toEqual({
    labels: ['Mon', 'Tue'],
    datasets: [expect.objectContaining({ label: 'Bookings', data: [2, 5] })],
  });
  expect(made[0].config.options.animation).toEqual({ duration: 400 });
  unmount();
  expect(made[0].destroyed).toBe(true);
});

test('no animation under prefers-reduced-motion', () => {
  prefersReducedMotion(true);
  render(<BarChart labels={['Mon']} values={[1]} seriesLabel="Bookings" />);
  expect(made[0].config.options.animation).toBe(false);
});

test('nothing is drawn where the canvas has no 2D context', () => {
  getContext.mockImplementation(() => null);
  render(<BarChart labels={['Mon']} values={[1]} seriesLabel="Bookings" />);
  expect(made).toHaveLength(0);
});
