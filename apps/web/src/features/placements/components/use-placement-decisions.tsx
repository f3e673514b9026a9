import type { EndpointRequest, decidePlacements, Placement } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { showToast } from '../../../shared/ui/toast';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useDecidePlacements } from '../api';
import { placementKeys } from '../query-keys';
import { adName, placementErrorText } from './placement-format';

// The reason dialog (antd's modal and text area) loads with antd when first opened, not with the list.
const RejectPlacementsDialog = lazyWithAntd(() => import('./reject-placements-dialog').then((m) => ({ default: m.RejectPlacementsDialog })));

type Decision = EndpointRequest<typeof decidePlacements>;

/** Codes that mean the rows on screen are out of date: another decision, a changed ad, a gone slot. */
const OUT_OF_DATE = new Set(['STALE_VERSION', 'NOT_FOUND']);

export interface PlacementDecisions {
  approve: (placements: readonly Placement[]) => void;
  /** Opens the reason dialog for these placements. */
  reject: (placements: readonly Placement[]) => void;
  deciding: boolean;
  /** The last decision found the list out of date (nothing was decided). */
  outOfDate: boolean;
  dismissOutOfDate: () => void;
  /** The reason dialog, when open. */
  elements: ReactNode;
}

/**
 * Approving and rejecting placements, one or many, as the versions on screen: the server takes all
 * or none. `onDecided` runs after a decision and after finding the list out of date (clear the selection).
 */
export function usePlacementDecisions(onDecided: () => void): PlacementDecisions {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const decide = useDecidePlacements();
  const [rejecting, setRejecting] = useState<readonly Placement[] | null>(null);
  const [outOfDate, setOutOfDate] = useState(false);

  /** Resolves once decided, or once found out of date and refreshed; throws any other failure. */
  const send = async (decision: Decision, placements: readonly Placement[]) => {
    setOutOfDate(false);
    try {
      await decide.mutateAsync(decision);
    } catch (cause) {
      if (!isApiError(cause) || !OUT_OF_DATE.has(cause.code)) throw cause;
      // Never sent again with fresh versions: the publisher decides on what the list now shows.
      setOutOfDate(true);
      onDecided();
      await queryClient.invalidateQueries({ queryKey: placementKeys.placements });
      return;
    }
    const [first] = placements;
    const done = decision.decision === 'approve' ? 'inventory.placements.done.approved' : 'inventory.placements.done.rejected';
    showToast('success', t(done, { count: placements.length, name: adName(t, first!.ad), slot: first!.slot.name }));
    onDecided();
  };

  const items = (placements: readonly Placement[]) => placements.map(({ id, version }) => ({ id, version }));

  return {
    approve: (placements) => void send({ decision: 'approve', items: items(placements) }, placements).catch((cause) => showToast('error', placementErrorText(t, cause))),
    reject: setRejecting,
    deciding: decide.isPending,
    outOfDate,
    dismissOutOfDate: () => setOutOfDate(false),
    elements: rejecting && (
      <Suspense fallback={null}>
        <RejectPlacementsDialog
          placements={rejecting}
          pending={decide.isPending}
          reject={async (reason) => {
            await send({ decision: 'reject', items: items(rejecting), reason }, rejecting);
            setRejecting(null);
          }}
          onClose={() => setRejecting(null)}
        />
      </Suspense>
    ),
  };
}
