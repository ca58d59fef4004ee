// A view whose code loads when it is first shown (or asked for early, as the window opens on
// it). Not React.lazy: a lazy component suspends, and React holds back what a Suspense boundary
// then reveals until 300 ms after the last fallback it showed (its reveal throttle), so the
// map, its code in, waited for nothing, 0.1–0.3 s of the window's opening. Here the shell shows
// "Opening …" itself while the code loads, and the view the moment it is in.
import { useEffect, useState, type ComponentType } from 'react';
import { EmptyState } from '../ui/empty-state';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a view takes no props
export interface ViewCode<P = {}> {
  /** The view's component once its code is in, else null. */
  loaded: () => ComponentType<P> | null;
  /** Loads the code (once; again after a failure). */
  load: () => Promise<ComponentType<P>>;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a view takes no props
export function viewCode<P = {}>(load: () => Promise<ComponentType<P>>): ViewCode<P> {
  let component: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return {
    loaded: () => component,
    load: () =>
      (loading ??= load().then(
        (c) => (component = c),
        (e: unknown) => {
          loading = null;
          throw e;
        },
      )),
  };
}

/**
 * The view's component, or null while its code loads. A failure to load is thrown at render,
 * for the view's error boundary to show (its "Try again" mounts the view again: a new load).
 */
function useViewCode<P>(view: ComponentType<P> | ViewCode<P>): ComponentType<P> | null {
  const code = 'load' in view ? view : null;
  const [, setLoaded] = useState<ComponentType<P> | null>(null);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    if (!code || code.loaded()) return;
    let live = true;
    code.load().then(
      (c) => live && setLoaded(() => c),
      (e: unknown) => live && setError(e instanceof Error ? e : new Error(String(e))),
    );
    return () => {
      live = false;
    };
  }, [code]);
  if (error) throw error;
  return code ? code.loaded() : (view as ComponentType<P>);
}

/** A part whose code loads when first shown (an inspector section), or while it loads, a line saying so. */
export function CodeBody<P extends object>({
  code,
  props,
  label,
}: {
  code: ViewCode<P>;
  props: P;
  label: string;
}) {
  const Component = useViewCode(code);
  return Component ? <Component {...props} /> : <EmptyState tone="loading" title={`Opening ${label}…`} />;
}

/** The view, or while its code loads, a line saying so. */
export function ViewBody({ view }: { view: { label: string; Component: ComponentType | ViewCode } }) {
  const Component = useViewCode(view.Component);
  return Component ? <Component /> : <EmptyState tone="loading" title={`Opening ${view.label}…`} />;
}
