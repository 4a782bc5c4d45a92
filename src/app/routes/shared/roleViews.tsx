import { type ComponentType, type ReactNode, use } from 'react';
import type { RoleView } from '../routeTypes';

interface LoadedView {
  Page: ComponentType;
  Frame?: ComponentType<{ children?: ReactNode }>;
}

const loading = new WeakMap<RoleView, Promise<LoadedView>>();
const loaded = new WeakMap<RoleView, LoadedView>();

/** A role view's code (page and frame), fetched once; a failed download is tried again next time. */
export function loadView(view: RoleView): Promise<LoadedView> {
  let promise = loading.get(view);
  if (!promise) {
    promise = Promise.all([view.page(), view.frame?.()]).then(([page, frame]) => {
      const entry = { Page: page.Component, Frame: frame?.Component };
      loaded.set(view, entry);
      return entry;
    });
    promise.catch(() => loading.delete(view));
    loading.set(view, promise);
  }
  return promise;
}

// The loader has usually fetched the code already: then the view renders at once, without a fallback in between.
export function ViewOf({ view }: { view: RoleView }) {
  const { Page, Frame } = loaded.get(view) ?? use(loadView(view));
  return Frame ? (
    <Frame>
      <Page />
    </Frame>
  ) : (
    <Page />
  );
}
