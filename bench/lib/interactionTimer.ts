import type { CDPSession, Locator, Page } from '@playwright/test';
import { type CdpProfile } from './cpuProfile';
import { sleep } from './processes';

export interface InteractionSample {
  /** Main-thread JavaScript (CDP Performance ScriptDuration, thread CPU time). */
  scriptingMs: number;
  layoutMs: number;
  styleMs: number;
  /** All main-thread tasks. */
  taskMs: number;
}

type Metrics = Record<string, number>;

/**
 * Scripting time of one UI interaction, from CDP `Performance.getMetrics` deltas around: a real mouse click
 * (Input.dispatchMouseEvent, no script injected into the page), waiting for the UI to show the change, and two
 * animation frames (so the render has committed and a frame was produced).
 */
export class InteractionTimer {
  private constructor(
    private readonly page: Page,
    private readonly cdp: CDPSession,
  ) {}

  static async attach(page: Page): Promise<InteractionTimer> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    return new InteractionTimer(page, cdp);
  }

  private async metrics(): Promise<Metrics> {
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
  }

  private nextFrames(): Promise<void> {
    return this.page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  }

  /** Lets pending work (renders, persistence writes) finish before a measurement. */
  async settle(ms = 150): Promise<void> {
    await this.nextFrames();
    await sleep(ms);
  }

  /**
   * Clicks `target` (or nothing, to measure the harness's own overhead) and waits with `updated` for the UI to
   * change. With `profile`, also records a CPU profile of the same window.
   */
  async measure(target: Locator | null, updated: () => Promise<unknown>, profile = false): Promise<{ sample: InteractionSample; cpuProfile?: CdpProfile }> {
    let point: { x: number; y: number } | null = null;
    if (target) {
      await target.scrollIntoViewIfNeeded();
      const box = await target.boundingBox();
      if (!box) throw new Error('The control to click is not visible');
      point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }
    await this.settle();
    if (profile) {
      await this.cdp.send('Profiler.enable');
      await this.cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await this.cdp.send('Profiler.start');
    }
    const before = await this.metrics();
    if (point) await this.page.mouse.click(point.x, point.y);
    await updated();
    await this.nextFrames();
    const after = await this.metrics();
    const cpuProfile = profile ? ((await this.cdp.send('Profiler.stop')).profile as CdpProfile) : undefined;
    if (profile) await this.cdp.send('Profiler.disable');
    const delta = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
    return {
      sample: { scriptingMs: delta('ScriptDuration'), layoutMs: delta('LayoutDuration'), styleMs: delta('RecalcStyleDuration'), taskMs: delta('TaskDuration') },
      cpuProfile,
    };
  }
}
