import type { ModalFuncProps } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { Suspense, useCallback, useState, useSyncExternalStore, type ReactElement } from 'react';
import { lazyWithAntd } from './with-antd';

// Confirm dialogs for pages whose first view has no antd: the hook and its holder are plain; antd's
// modal (confirm-host.tsx) loads when a confirm is first asked for, then runs it and any asked in
// the meantime, in order. Only types come from antd here.

/** What antd's `modal.confirm` returns: close or change it, and await it (true: OK, false: Cancel). */
export type ConfirmInstance = ReturnType<HookAPI['confirm']>;

/** A confirm waiting for the host; `start` runs it with antd's `modal.confirm`. */
export interface ConfirmRequest {
  config: ModalFuncProps;
  start: (open: (config: ModalFuncProps) => ConfirmInstance) => void;
}

/** The confirms asked for and not yet opened, and who listens (the holder, then the host). */
export interface ConfirmQueue {
  subscribe: (listener: () => void) => () => void;
  /** The waiting requests (a new array whenever it changes). */
  pending: () => readonly ConfirmRequest[];
  /** Whether a confirm was ever asked for (the host loads then). */
  wanted: () => boolean;
  /** Hands the waiting requests over, leaving none. */
  take: () => readonly ConfirmRequest[];
}

function createQueue() {
  let pending: readonly ConfirmRequest[] = [];
  let wanted = false;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  const queue: ConfirmQueue & { push: (request: ConfirmRequest) => void; drop: (request: ConfirmRequest) => void } = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pending: () => pending,
    wanted: () => wanted,
    take: () => {
      const taken = pending;
      if (taken.length) {
        pending = [];
        changed();
      }
      return taken;
    },
    push: (request) => {
      pending = [...pending, request];
      wanted = true;
      changed();
    },
    drop: (request) => {
      pending = pending.filter((item) => item !== request);
      changed();
    },
  };
  return queue;
}

const ConfirmHost = lazyWithAntd(() => import('./confirm-host'));

/** Renders nothing until a confirm is asked for; then antd's modal host (with its theme and locale). */
function ConfirmHolder({ queue }: { queue: ConfirmQueue }) {
  const wanted = useSyncExternalStore(queue.subscribe, queue.wanted, queue.wanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmHost queue={queue} />
    </Suspense>
  );
}

/**
 * A confirm dialog, CONFIRM_WIDTH (416) wide unless told otherwise, as antd's `modal.confirm` (its
 * result can be closed, updated and awaited). Render the returned holder in the component: the
 * dialogs live there.
 */
export function useConfirm(): readonly [(config: ModalFuncProps) => ConfirmInstance, ReactElement] {
  const [queue] = useState(createQueue);
  const [holder] = useState(() => <ConfirmHolder queue={queue} />);
  const confirm = useCallback(
    (config: ModalFuncProps): ConfirmInstance => {
      let instance: ConfirmInstance | undefined;
      let destroyed = false;
      const updates: Parameters<ConfirmInstance['update']>[0][] = [];
      // Awaiting it makes antd keep an OK that fails to itself (see `then` below): asked for
      // before the dialog exists, it is passed on once it does.
      let awaited: ((confirmed: boolean) => void) | undefined;
      const result = new Promise<boolean>((resolve) => (awaited = resolve));
      let listening = false;
      const listen = () => {
        if (listening || !instance) return;
        listening = true;
        void instance.then(awaited!, () => undefined);
      };
      let wantsResult = false;
      const request: ConfirmRequest = {
        config,
        start: (open) => {
          if (destroyed) return;
          instance = open(config);
          updates.forEach((update) => instance!.update(update));
          if (wantsResult) listen();
        },
      };
      queue.push(request);
      return {
        destroy: () => {
          if (instance) instance.destroy();
          else {
            destroyed = true;
            queue.drop(request);
          }
        },
        update: (update) => {
          if (instance) instance.update(update);
          else updates.push(update);
        },
        then: (resolve) => {
          wantsResult = true;
          listen();
          return result.then(resolve);
        },
      };
    },
    [queue],
  );
  return [confirm, holder] as const;
}
