import type { FastifyInstance } from 'fastify';

export const HOURLY = 60 * 60 * 1000;

/**
 * Runs `task` every `intervalMs` from the moment the app is ready until it closes. The timer is unref'd, so it
 * never keeps a process alive; a failure is logged with `failure` and the next run tries again.
 */
export function repeatWhileOpen(app: FastifyInstance, intervalMs: number, task: () => Promise<unknown>, failure: string): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      task().catch((error: unknown) => app.log.error({ err: error }, failure));
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
