import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** React.lazy for a named export: `lazyNamed(() => import('./image-table'), 'ImageTable')`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props kept by M[K]
export const lazyNamed = <M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> => lazy(async () => ({ default: (await load())[name] }));
