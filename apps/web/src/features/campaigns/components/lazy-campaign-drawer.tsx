import { Suspense } from 'react';
import { useShownOnce } from '../../../shared/ui/lazy-named';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import type { CampaignDrawerProps } from './campaign-drawer';

// The drawer (antd's drawer, timeline, dialogs, menus) is no part of a list's first view: it loads
// with antd when a campaign is first opened, by a click or by the URL (`?campaign=N`).
const CampaignDrawer = lazyWithAntd(() => import('./campaign-drawer').then((module) => ({ default: module.CampaignDrawer })));

/** The campaign drawer, fetched on the first opening and kept after it (so that it closes with its motion). */
export function LazyCampaignDrawer(props: CampaignDrawerProps) {
  if (!useShownOnce(props.id !== undefined)) return null;
  return (
    <Suspense fallback={null}>
      <CampaignDrawer {...props} />
    </Suspense>
  );
}
