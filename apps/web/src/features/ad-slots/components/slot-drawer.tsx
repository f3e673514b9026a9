import { EditOutlined } from '@ant-design/icons';
import type { AdSlotDetail, AdSlotReviewEntry } from '@ads/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { formatDateTime } from '../../../shared/format';
import { EntityStatusRequests } from '../../requests';
import { useAdSlotDetail } from '../api';
import { errorText, floorText, sizeText } from './format';
import { SlotActionsMenu } from './slot-actions-menu';
import { AdSlotStatusTag } from './status-tag';
import type { SlotActions } from './use-slot-actions';
import { Button } from '../../../shared/ui/button';
import { Alert } from '../../../shared/ui/alert';
import { Empty } from '../../../shared/ui/empty';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Descriptions } from '../../../shared/ui/descriptions';
import { Tag } from '../../../shared/ui/tag';
import { Timeline } from '../../../shared/ui/timeline';
import { Drawer } from '../../../shared/ui/drawer';

interface SlotDrawerProps {
  id: number | undefined;
  onClose: () => void;
  actions: SlotActions;
  /** Above the settings: staff's review of a slot waiting for it. */
  header?: (slot: AdSlotDetail) => ReactNode;
  /** Staff: the settings name the publisher. */
  showPublisher?: boolean;
}

/** One ad slot: the review's outcome, its settings and its review history. Opened by `?slot=N`. */
export function SlotDrawer({ id, onClose, actions, header, showPublisher = false }: SlotDrawerProps) {
  const { t } = useTranslation();
  const detail = useAdSlotDetail(id);
  const slot = detail.data;
  const gone = isApiError(detail.error) && detail.error.statusCode === 404;
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={560}
      title={slot?.name ?? t('inventory.slots.drawer.title')}
      closable={{ 'aria-label': t('inventory.slots.close') }}
      className="slot-drawer"
      rootClassName="slot-panel-root"
      extra={slot ? <SlotActionsMenu slot={slot} actions={actions} inDrawer /> : null}
    >
      {detail.isPending && id !== undefined ? (
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      ) : detail.isError ? (
        <Alert type={gone ? 'warning' : 'error'} showIcon title={gone ? t('inventory.slots.drawer.gone') : errorText(t, detail.error)} />
      ) : slot ? (
        // Focusable: the drawer scrolls, and a slot nobody may act on holds nothing else to reach it by keyboard.
        <div className="slot-detail" tabIndex={0} role="group" aria-label={t('inventory.slots.drawer.title')}>
          {header?.(slot)}
          <Outcome slot={slot} actions={actions} />
          {/* Offline and back online go through a status request (staff: their own change, applied at once). */}
          <EntityStatusRequests entity="adSlot" entityId={slot.id} entityName={slot.name} entityStatus={slot.status} />
          <section aria-labelledby="slot-section-settings">
            <h3 id="slot-section-settings" className="slot-detail-heading">
              {t('inventory.slots.drawer.settings')}
            </h3>
            <Settings slot={slot} showPublisher={showPublisher} />
          </section>
          <section aria-labelledby="slot-section-reviews">
            <h3 id="slot-section-reviews" className="slot-detail-heading">
              {t('inventory.slots.drawer.reviews')}
            </h3>
            <ReviewHistory reviews={slot.reviews} />
          </section>
        </div>
      ) : null}
    </Drawer>
  );
}

/** Where the review stands: a rejection's reason up front with the way to fix it, else a line on what comes next. */
function Outcome({ slot, actions }: { slot: AdSlotDetail; actions: SlotActions }) {
  const { t } = useTranslation();
  const edit = actions.actionsFor(slot).find((action) => action.key === 'edit');
  if (slot.status === 'rejected') {
    return (
      <Alert
        className="slot-rejected"
        type="error"
        showIcon
        title={t('inventory.slots.drawer.rejectedBecause')}
        description={
          <>
            <p className="slot-rejected-reason">{slot.reviewReason ?? t('inventory.slots.drawer.noReason')}</p>
            <p className="slot-rejected-next">{t(edit ? 'inventory.slots.drawer.rejectedNext' : 'inventory.slots.drawer.rejectedNextReader')}</p>
          </>
        }
        action={
          edit && (
            <Button icon={<EditOutlined />} onClick={edit.run}>
              {edit.label}
            </Button>
          )
        }
      />
    );
  }
  const next = OUTCOME_NOTES[slot.status];
  return next ? <Alert type={next.type} showIcon title={t(`inventory.slots.drawer.outcome.${slot.status}`)} /> : null;
}

const OUTCOME_NOTES: Partial<Record<AdSlotDetail['status'], { type: 'info' | 'success' | 'warning' }>> = {
  draft: { type: 'info' },
  pending_review: { type: 'info' },
  approved: { type: 'success' },
  paused: { type: 'warning' },
  offline: { type: 'warning' },
};

function Settings({ slot, showPublisher }: { slot: AdSlotDetail; showPublisher: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const site = slot.platform === 'site';
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        { key: 'status', label: t('inventory.slots.columns.status'), children: <AdSlotStatusTag status={slot.status} /> },
        ...(showPublisher ? [{ key: 'publisher', label: t('inventory.slots.columns.publisher'), children: `${slot.accountName} · #${slot.accountId}` }] : []),
        { key: 'platform', label: t('inventory.slots.drawer.platform'), children: t(`inventory.slots.platform.${slot.platform}`) },
        { key: 'propertyName', label: t(site ? 'inventory.slots.drawer.siteName' : 'inventory.slots.drawer.appName'), children: slot.propertyName },
        { key: 'propertyId', label: t(site ? 'inventory.slots.drawer.domain' : 'inventory.slots.drawer.bundleId'), children: <code>{slot.propertyId}</code> },
        { key: 'code', label: t('inventory.slots.drawer.code'), children: <code>{slot.code}</code> },
        { key: 'position', label: t('inventory.slots.columns.position'), children: t(`inventory.slots.position.${slot.position}`) },
        { key: 'format', label: t('inventory.slots.columns.format'), children: t(`inventory.slots.format.${slot.format}`) },
        { key: 'size', label: t('inventory.slots.columns.size'), children: t('inventory.slots.drawer.sizeText', { size: sizeText(slot) }) },
        { key: 'floor', label: t('inventory.slots.drawer.floor'), children: floorText(slot, language) },
        { key: 'policy', label: t('inventory.slots.drawer.policy'), children: t(`inventory.slots.policyText.${slot.placementPolicy}`) },
        ...(slot.submittedAt ? [{ key: 'submitted', label: t('inventory.slots.drawer.submittedAt'), children: formatDateTime(slot.submittedAt, language) }] : []),
        ...(slot.reviewedAt ? [{ key: 'reviewed', label: t('inventory.slots.drawer.reviewedAt'), children: formatDateTime(slot.reviewedAt, language) }] : []),
        { key: 'updated', label: t('inventory.slots.columns.updated'), children: formatDateTime(slot.updatedAt, language) },
      ]}
    />
  );
}

const ACTION_COLORS = { submitted: 'blue', approved: 'green', rejected: 'red' } as const;

/** Submissions and decisions, newest first, with who and why. */
function ReviewHistory({ reviews }: { reviews: readonly AdSlotReviewEntry[] }) {
  const { t, i18n } = useTranslation();
  if (!reviews.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inventory.slots.drawer.noReviews')} />;
  return (
    <Timeline
      items={[...reviews]
        .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
        .map((entry) => ({
          key: entry.id,
          color: ACTION_COLORS[entry.action],
          content: (
            <div className="slot-review-entry">
              <div>
                <Tag color={ACTION_COLORS[entry.action]}>{t(`inventory.slots.history.${entry.action}`)}</Tag>
                <span className="slot-review-when">{formatDateTime(entry.at, i18n.language)}</span>
              </div>
              <p className="slot-review-meta">{entry.actor ? t('inventory.slots.history.by', { name: entry.actor.name }) : t('inventory.slots.history.bySystem')}</p>
              {entry.reason && <p className="slot-review-reason">{entry.reason}</p>}
            </div>
          ),
        }))}
    />
  );
}
