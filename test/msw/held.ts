import { http, HttpResponse, type JsonBodyType } from 'msw';
import { API } from './handlers';
import { server } from './server';

/**
 * A handler that does not answer until `release()` is called (to see loading states). `matches` narrows which
 * requests it holds; the others fall through to the handlers below it.
 */
export function held(method: 'get' | 'post' | 'put', path: string, answer: JsonBodyType, matches: (request: Request) => boolean = () => true) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let calls = 0;
  server.use(
    http[method](`${API}${path}`, async ({ request }) => {
      if (!matches(request)) return undefined;
      calls += 1;
      await gate;
      return HttpResponse.json(answer);
    }),
  );
  return { release, calls: () => calls };
}
