import { lazy, type ComponentProps, type ComponentType } from 'react';

// Light on purpose: what imports this does not load antd until the component is wanted.
const loadAntdRoot = () => import('./antd-scope');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props kept below
type Loader<C extends ComponentType<any>> = () => Promise<{ default: C }>;

/**
 * Loads a component built with antd together with antd's configuration (antd-root.tsx, fetched in
 * parallel, not after it) and wraps the one in the other: for what the antd-free shell shows.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Loader
export async function loadWithAntd<C extends ComponentType<any>>(load: Loader<C>): Promise<ComponentType<ComponentProps<C>>> {
  // antd's root first: its stylesheet goes into the page before the component's own, which
  // override antd's rules of the same weight (as they did when the shell brought antd).
  const [{ default: AntdRoot }, { default: Inner }] = await Promise.all([loadAntdRoot(), load()]);
  return function WithAntd(props: ComponentProps<C>) {
    return (
      <AntdRoot>
        <Inner {...props} />
      </AntdRoot>
    );
  };
}

/** React.lazy over loadWithAntd. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Loader
export const lazyWithAntd = <C extends ComponentType<any>>(load: Loader<C>) => lazy(async () => ({ default: await loadWithAntd(load) }));
