import { lazy, Suspense, useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { lazyNamed, useShownOnce } from '../../../shared/ui/lazy-named';
import type { LeavePrompt as LoadedLeavePrompt } from './leave-prompt';

// What the wizard's first view does not need, loaded when it is wanted. The steps after Basics use
// antd's controls (numbers, selects, checkboxes): each loads with its chunk (and antd) when first
// opened, so that opening the wizard loads none of it. Pointing at or focusing what opens a step
// (Next, the step in the bar) starts fetching it: by the click it is often there, and then it shows
// at once, without the loading skeleton. The unsaved-changes prompt (antd's modal) loads when
// leaving is first blocked.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props kept by C
function lazyStep<C extends ComponentType<any>>(load: () => Promise<C>) {
  let loading: Promise<C> | undefined;
  let loaded: C | undefined;
  const fetch = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download (the network) is tried again the next time.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await fetch() }));
  /** The step: at once when already fetched, else through React.lazy (the caller's Suspense shows meanwhile). */
  const Step = ((props: object) => {
    // Chosen once per mount: switching from one to the other would mount the step again.
    const [Component] = useState(() => (loaded ?? Lazy) as ComponentType<object>);
    return <Component {...props} />;
  }) as unknown as C;
  return { Step, prefetch: () => void fetch().catch(() => undefined) };
}

const budget = lazyStep(() => import('./budget-step').then((module) => module.BudgetStep));
const targeting = lazyStep(() => import('./targeting-step').then((module) => module.TargetingStep));
const ads = lazyStep(() => import('./ads-step').then((module) => module.AdsStep));
const review = lazyStep(() => import('./review-step').then((module) => module.ReviewStep));

export const BudgetStep = budget.Step;
export const TargetingStep = targeting.Step;
export const AdsStep = ads.Step;
export const ReviewStep = review.Step;

const prefetches = [undefined, budget.prefetch, targeting.prefetch, ads.prefetch, review.prefetch];

/** Starts fetching step `index` (by STEPS' order) unless it is there or on its way; Basics is in the first view. */
export const prefetchStep = (index: number): void => prefetches[index]?.();

/**
 * Calls `onShown` when it is mounted: beside a lazy step in its Suspense (keyed by the step), it
 * runs once the step is in the page, not while its skeleton shows.
 */
export function OnShown({ onShown }: { onShown: () => void }) {
  useEffect(() => onShown(), [onShown]);
  return null;
}

const LeavePromptDialog = lazyNamed(() => import('./leave-prompt'), 'LeavePrompt');

/**
 * The unsaved-changes prompt (leave-prompt.tsx), fetched with antd's modal when leaving is first
 * blocked; it stays mounted afterwards, so that it closes with its motion.
 */
export function LeavePrompt(props: ComponentProps<typeof LoadedLeavePrompt>) {
  const asked = useShownOnce(props.blocker.state === 'blocked');
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <LeavePromptDialog {...props} />
    </Suspense>
  );
}
