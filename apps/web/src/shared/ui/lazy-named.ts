import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';

/** React.lazy for a named export: `lazyNamed(() => import('./image-table'), 'ImageTable')`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props kept by M[K]
export const lazyNamed = <M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> => lazy(async () => ({ default: (await load())[name] }));

/**
 * True from the first time `shown` is: a lazily loaded overlay (a drawer, a player) is fetched when
 * first opened, by a click or by the URL, and stays mounted after it, so that it closes with its motion.
 */
export function useShownOnce(shown: boolean): boolean {
  const [once, setOnce] = useState(shown);
  // Adjusted while rendering (React's pattern for state derived from props): no empty first frame.
  if (shown && !once) setOnce(true);
  return once || shown;
}
