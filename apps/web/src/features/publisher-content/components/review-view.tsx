import { CheckOutlined, ClearOutlined, CloseOutlined, SafetyCertificateOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { contentReviewQueue, EndpointResponse } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { isApiError } from '../../../shared/api-client';
import { formatDateTime } from '../../../shared/format';
import { ListPage } from '../../../shared/list/list-page';
import { ListResults } from '../../../shared/list/list-results';
import { ListSearch } from '../../../shared/list/list-search';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { useShownOnce } from '../../../shared/ui/lazy-named';
import { Tag } from '../../../shared/ui/tag';
import { showToast } from '../../../shared/ui/toast';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useContentReviewQueue, useDecideContentItem } from '../api';
import { contentKeys } from '../query-keys';
import type { DecisionInput } from './decision-dialog';
import { contentRequestLink, errorText, formatDuration, isOutOfDate, reasonLabel } from './format';
import { DecisionTag } from './status-tag';
import { REVIEW_PAGE_SIZES, reviewQueueQuery, useReviewState } from './review-state';
import './publisher-content.css';

type QueueItem = EndpointResponse<typeof contentReviewQueue>['items'][number];

// The queue is plain HTML (its players load nothing until played); the rejection dialog and the
// policy reasons' drawer load with antd when first opened.
const DecisionDialog = lazyWithAntd(() => import('./decision-dialog').then((m) => ({ default: m.DecisionDialog })));
const PolicyReasonsDrawer = lazyWithAntd(() => import('./policy-reasons-drawer'));

const itemKey = (item: Pick<QueueItem, 'requestId' | 'videoId'>) => `${item.requestId}-${item.videoId}`;

/**
 * Staff's content review: every video of the pending requests, oldest request first, with its
 * player and facts; each approved at once or rejected with a policy reason. `?request=N` marks one
 * request's videos (a notification or the request's drawer leads there).
 */
export function ReviewView() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const [state, update] = useReviewState();
  const query = useMemo(() => reviewQueueQuery(state), [state]);
  const queue = useContentReviewQueue(query);
  const decide = useDecideContentItem();
  const items = queue.data?.items ?? [];
  const [rejecting, setRejecting] = useState<QueueItem | null>(null);
  const rejectWanted = useShownOnce(rejecting !== null);
  const [reasonsOpen, setReasonsOpen] = useState(false);
  const reasonsWanted = useShownOnce(reasonsOpen);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const firstMarked = useRef<HTMLLIElement>(null);
  const marked = state.request;
  const markedShown = marked !== undefined && items.some((item) => item.requestId === marked);

  // Brings the request's first video into view once it is listed.
  useEffect(() => {
    if (markedShown) firstMarked.current?.scrollIntoView?.({ block: 'center' });
  }, [markedShown, marked]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: contentKeys.all });

  /** Decides one video; answers the failure (undefined when it succeeded). */
  const send = async (item: QueueItem, decision: 'approved' | 'rejected', input: DecisionInput = {}): Promise<unknown> => {
    setProblem(null);
    setBusy(itemKey(item));
    try {
      await decide.mutateAsync({ requestId: item.requestId, version: item.requestVersion, videoId: item.videoId, decision, ...input });
      showToast('success', t(`publisherContent.actions.done.${decision}`, { name: item.videoName }));
      return undefined;
    } catch (cause) {
      // A field refused stays in the dialog; anything else is said over the queue, which reloads when out of date.
      if (decision === 'rejected' && isApiError(cause) && cause.fields) return cause;
      setProblem(errorText(t, cause));
      if (isOutOfDate(cause)) void refresh();
      setRejecting(null);
      return cause;
    } finally {
      setBusy(null);
    }
  };

  return (
    <ListPage
      className="content-review"
      title={t('pages.publisherContent/contentReview.title')}
      actions={
        <Button icon={<SafetyCertificateOutlined aria-hidden />} onClick={() => setReasonsOpen(true)}>
          {t('publisherContent.review.reasons')}
        </Button>
      }
      scopeId="content-review-scope"
      toolbar={
        <div className="list-toolbar" role="search" aria-label={t('publisherContent.review.search')}>
          <ListSearch
            value={state.search}
            onSearch={(search) => update({ search }, { replace: true })}
            label={t('publisherContent.review.search')}
            placeholder={t('publisherContent.review.searchPlaceholder')}
            clearLabel={t('publisherContent.filters.clearSearch')}
            className="list-search content-search"
          />
        </div>
      }
      scope={t('publisherContent.review.scope')}
      count={queue.data && t('publisherContent.review.count', { count: queue.data.total })}
      notice={
        <>
          {marked !== undefined && (
            <div className="content-marked">
              <Link to={contentRequestLink(marked)} className="content-link">
                {t('publisherContent.review.highlighted', { id: marked })}
              </Link>
              <button type="button" className="content-link-button" onClick={() => update({ request: undefined })}>
                {t('publisherContent.review.showAll')}
              </button>
            </div>
          )}
          {problem && (
            <Alert
              type="error"
              showIcon
              title={t('publisherContent.actions.failed')}
              description={problem}
              action={
                <Button size="small" onClick={() => void refresh()}>
                  {t('publisherContent.actions.refresh')}
                </Button>
              }
            />
          )}
        </>
      }
      overlays={
        <>
          {rejectWanted && rejecting && (
            <Suspense fallback={null}>
              <DecisionDialog
                decision="rejected"
                title={t('publisherContent.actions.rejectTitle', { name: rejecting.videoName })}
                text={t('publisherContent.actions.rejectText')}
                okText={t('publisherContent.actions.reject')}
                busy={busy === itemKey(rejecting)}
                onCancel={() => setRejecting(null)}
                onSubmit={async (input) => {
                  const failed = await send(rejecting, 'rejected', input);
                  if (!failed) setRejecting(null);
                  return failed;
                }}
              />
            </Suspense>
          )}
          {reasonsWanted && (
            <Suspense fallback={null}>
              <PolicyReasonsDrawer open={reasonsOpen} onClose={() => setReasonsOpen(false)} />
            </Suspense>
          )}
        </>
      }
    >
      <ListResults
        query={queue}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={REVIEW_PAGE_SIZES}
        update={update}
        rangeText={(range) => t('publisherContent.range', range)}
        errorText={(error) => errorText(t, error)}
        retryLabel={t('publisherContent.retry')}
        empty={!items.length}
        emptyText={state.search.trim() ? t('publisherContent.review.noMatches') : t('publisherContent.review.empty')}
        emptyAction={
          state.search.trim() && (
            <Button icon={<ClearOutlined />} onClick={() => update({ search: '' })}>
              {t('publisherContent.clearFilters')}
            </Button>
          )
        }
      >
        {() => (
          <ul className="content-queue" aria-label={t('publisherContent.review.listLabel')}>
            {items.map((item) => {
              const key = itemKey(item);
              const isMarked = item.requestId === marked;
              const first = isMarked && items.find((other) => other.requestId === marked) === item;
              const video = item.video;
              return (
                <li key={key} ref={first ? firstMarked : undefined} className={`content-card${isMarked ? ' is-marked' : ''}${item.decision !== 'pending' ? ' is-decided' : ''}`} aria-labelledby={`content-card-${key}`}>
                  <div className="content-player">
                    {video ? (
                      <video
                        controls
                        preload="none"
                        playsInline
                        poster={video.posterUrl ?? undefined}
                        src={video.url}
                        aria-label={t('publisherContent.review.play', { name: item.videoName })}
                      />
                    ) : (
                      <span className="content-player-missing">
                        <VideoCameraOutlined aria-hidden />
                        <span>{t('publisherContent.review.noVideo')}</span>
                      </span>
                    )}
                  </div>
                  <div className="content-card-body">
                    <h3 id={`content-card-${key}`} className="content-card-name">
                      {item.videoName}
                    </h3>
                    <div className="content-card-tags">
                      <Tag color={item.action === 'add' ? 'purple' : 'default'}>{t(`publisherContent.action.${item.action}`)}</Tag>
                      {video?.inRecycleBin && <Tag>{t('publisherContent.drawer.inBin')}</Tag>}
                      {/* Decided while other videos of its request wait: it stays until the request is, and may be changed. */}
                      {item.decision !== 'pending' && <DecisionTag decision={item.decision} />}
                    </div>
                    {item.reason && <div className="content-item-reason">{t('publisherContent.drawer.reason', { reason: reasonLabel(item.reason, language) })}</div>}
                    <dl className="content-facts">
                      {video && (
                        <>
                          <dt>{t('publisherContent.review.format')}</dt>
                          <dd>{video.format.toUpperCase()}</dd>
                          <dt>{t('publisherContent.review.size')}</dt>
                          <dd>{video.width > 0 && video.height > 0 ? `${video.width}×${video.height}` : '—'}</dd>
                          <dt>{t('publisherContent.review.duration')}</dt>
                          <dd>{formatDuration(video.durationMs)}</dd>
                        </>
                      )}
                      <dt>{t('publisherContent.review.series')}</dt>
                      <dd>{item.seriesName}</dd>
                      <dt>{t('publisherContent.review.account')}</dt>
                      <dd>{item.accountName}</dd>
                      <dt>{t('publisherContent.review.request')}</dt>
                      <dd>
                        <Link to={contentRequestLink(item.requestId)} className="content-link">
                          {t('publisherContent.review.requestLink', { id: item.requestId, kind: t(`publisherContent.kind.${item.kind}`) })}
                        </Link>
                      </dd>
                      <dt>{t('publisherContent.review.submitted')}</dt>
                      <dd>{formatDateTime(item.submittedAt, language)}</dd>
                    </dl>
                    <div className="content-actions">
                      <Button type="primary" icon={<CheckOutlined aria-hidden />} disabled={busy !== null || item.decision === 'approved'} loading={busy === key && !rejecting} onClick={() => void send(item, 'approved')}>
                        {t('publisherContent.actions.approve')}
                      </Button>
                      <Button danger icon={<CloseOutlined aria-hidden />} disabled={busy !== null || item.decision === 'rejected'} onClick={() => setRejecting(item)}>
                        {t('publisherContent.actions.reject')}
                      </Button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </ListResults>
    </ListPage>
  );
}
