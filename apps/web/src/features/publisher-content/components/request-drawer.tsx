import { VideoCameraOutlined } from '@ant-design/icons';
import type { ContentItem, ContentRequestDetail } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { isApiError } from '../../../shared/api-client';
import { formatDateTime } from '../../../shared/format';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm';
import { Descriptions } from '../../../shared/ui/descriptions';
import { Drawer } from '../../../shared/ui/drawer';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Tag } from '../../../shared/ui/tag';
import { showToast } from '../../../shared/ui/toast';
import { useCanReviewContent, useCancelContentRequest, useContentRequestDetail, useDecideContentRequest } from '../api';
import { contentKeys } from '../query-keys';
import { DecisionDialog, type DecisionInput } from './decision-dialog';
import { errorText, isOutOfDate, reasonLabel } from './format';
import { ContentStatusTag, DecisionTag } from './status-tag';
import '../messages/register';
import './publisher-content.css';

/** One request: its series, its videos with their decisions; cancel (publisher) or decide as a whole (staff) while pending. Opened by `?request=N`. */
export default function RequestDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useContentRequestDetail(id);
  const request = detail.data;
  const gone = isApiError(detail.error) && detail.error.statusCode === 404;
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={600}
      title={request ? t('publisherContent.drawer.heading', { kind: t(`publisherContent.kind.${request.kind}`), name: request.seriesName }) : t('publisherContent.drawer.loading')}
      closable={{ 'aria-label': t('publisherContent.drawer.close') }}
      className="content-request-drawer"
      extra={request ? <ContentStatusTag status={request.status} /> : null}
    >
      {detail.isPending && id !== undefined ? (
        <Skeleton active title={false} paragraph={{ rows: 8 }} />
      ) : detail.isError ? (
        <Alert
          type={gone ? 'warning' : 'error'}
          showIcon
          title={gone ? t('publisherContent.drawer.gone') : t('publisherContent.drawer.failed')}
          description={gone ? undefined : errorText(t, detail.error)}
        />
      ) : request ? (
        // Kept across versions: a reload after "changed meanwhile" keeps saying why it happened.
        <RequestPanel key={request.id} request={request} />
      ) : null}
    </Drawer>
  );
}

type Dialog = 'approved' | 'rejected' | null;

function RequestPanel({ request }: { request: ContentRequestDetail }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const staff = useCanReviewContent();
  const cancel = useCancelContentRequest();
  const decide = useDecideContentRequest();
  const [confirm, confirmHolder] = useConfirm();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [problem, setProblem] = useState<{ text: string; refresh: boolean } | null>(null);
  const busy = cancel.isPending || decide.isPending;
  const pending = request.status === 'pending';
  const name = request.seriesName;

  const refresh = () => queryClient.invalidateQueries({ queryKey: contentKeys.all });

  /** Runs a call and answers its failure (undefined when it succeeded); what means "out of date" offers a reload. */
  const run = async (call: () => Promise<unknown>, done: string, keepFields = false): Promise<unknown> => {
    setProblem(null);
    try {
      await call();
      showToast('success', done);
      return undefined;
    } catch (cause) {
      if (keepFields && isApiError(cause) && cause.fields) return cause;
      const outOfDate = isOutOfDate(cause);
      setProblem({ text: errorText(t, cause), refresh: outOfDate });
      // A stale version reloads at once; a request decided meanwhile waits for Refresh, so that
      // the message is read before the drawer changes.
      if (outOfDate && !(isApiError(cause) && cause.code === 'REQUEST_STATE')) void refresh();
      setDialog(null);
      return cause;
    }
  };

  const startCancel = () =>
    void confirm({
      title: t('publisherContent.actions.cancelTitle'),
      content: t('publisherContent.actions.cancelText', { name }),
      okText: t('publisherContent.actions.cancel'),
      okButtonProps: { danger: true },
      cancelText: t('publisherContent.actions.keep'),
      onOk: async () => {
        await run(() => cancel.mutateAsync({ id: request.id, version: request.version }), t('publisherContent.actions.done.cancelled'));
      },
    });

  const submitDecision = async (input: DecisionInput) => {
    const decision = dialog ?? 'approved';
    const failed = await run(
      () => decide.mutateAsync({ id: request.id, version: request.version, decision, ...input }),
      t(`publisherContent.actions.done.${decision}`, { name }),
      true,
    );
    if (!failed) setDialog(null);
    return failed;
  };

  const dateBy = (date: string, person: { name: string } | null) =>
    person ? t('publisherContent.drawer.dateBy', { date: formatDateTime(date, language), name: person.name }) : formatDateTime(date, language);

  return (
    <div className="content-detail">
      {pending && (
        <Alert
          type="info"
          showIcon
          title={t(staff ? 'publisherContent.drawer.pendingStaff' : 'publisherContent.drawer.pendingPublisher')}
          description={
            staff && (
              <Link to={`/publisherContent/contentReview?request=${request.id}`} className="content-link">
                {t('publisherContent.drawer.openReview')}
              </Link>
            )
          }
        />
      )}
      {problem && (
        <Alert
          type="error"
          showIcon
          title={t('publisherContent.actions.failed')}
          description={problem.text}
          action={
            problem.refresh && (
              <Button size="small" onClick={() => void refresh()}>
                {t('publisherContent.actions.refresh')}
              </Button>
            )
          }
        />
      )}
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'series', label: t('publisherContent.drawer.series'), children: name },
          ...(staff ? [{ key: 'account', label: t('publisherContent.drawer.account'), children: request.accountName }] : []),
          { key: 'kind', label: t('publisherContent.drawer.kind'), children: t(`publisherContent.kind.${request.kind}`) },
          {
            key: 'progress',
            label: t('publisherContent.drawer.progress'),
            children: `${t('publisherContent.total', { count: request.counts.total })} · ${t('publisherContent.counts', request.counts)}`,
          },
          { key: 'submitted', label: t('publisherContent.drawer.submitted'), children: dateBy(request.submittedAt, request.submittedBy) },
          ...(request.note ? [{ key: 'note', label: t('publisherContent.drawer.note'), children: <p className="content-text">{request.note}</p> }] : []),
          { key: 'status', label: t('publisherContent.drawer.status'), children: <ContentStatusTag status={request.status} /> },
          ...(request.decidedAt
            ? [
                {
                  key: 'decided',
                  label: request.status === 'cancelled' ? t('publisherContent.drawer.cancelled') : t('publisherContent.drawer.decided'),
                  children: dateBy(request.decidedAt, request.decidedBy),
                },
              ]
            : []),
          ...(request.decisionNote
            ? [{ key: 'decisionNote', label: t('publisherContent.drawer.decisionNote'), children: <p className="content-text">{request.decisionNote}</p> }]
            : []),
        ]}
      />
      {pending && (
        <div className="content-actions">
          {staff ? (
            <>
              <Button type="primary" disabled={busy} loading={decide.isPending && dialog === 'approved'} onClick={() => setDialog('approved')}>
                {t('publisherContent.actions.approveAll')}
              </Button>
              <Button danger disabled={busy} loading={decide.isPending && dialog === 'rejected'} onClick={() => setDialog('rejected')}>
                {t('publisherContent.actions.rejectAll')}
              </Button>
            </>
          ) : (
            <Button danger disabled={busy} loading={cancel.isPending} onClick={startCancel}>
              {t('publisherContent.actions.cancel')}
            </Button>
          )}
        </div>
      )}
      <h3 className="content-section-title">{t('publisherContent.drawer.videos')}</h3>
      <ul className="content-items">
        {request.items.map((item) => (
          <ItemRow key={item.videoId} item={item} dateBy={dateBy} />
        ))}
      </ul>
      {dialog && (
        <DecisionDialog
          decision={dialog}
          title={t(dialog === 'approved' ? 'publisherContent.actions.approveAllTitle' : 'publisherContent.actions.rejectAllTitle', { name })}
          text={t(dialog === 'approved' ? 'publisherContent.actions.approveAllText' : 'publisherContent.actions.rejectAllText')}
          okText={t(dialog === 'approved' ? 'publisherContent.actions.approveAll' : 'publisherContent.actions.rejectAll')}
          busy={decide.isPending}
          onCancel={() => setDialog(null)}
          onSubmit={submitDecision}
        />
      )}
      {confirmHolder}
    </div>
  );
}

/** One video of the request: poster, name, what is asked of it and its decision. */
function ItemRow({ item, dateBy }: { item: ContentItem; dateBy: (date: string, person: { name: string } | null) => string }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="content-item">
      {item.video?.posterUrl ? (
        <img className="content-item-poster" src={item.video.posterUrl} alt="" loading="lazy" />
      ) : (
        <span className="content-item-poster is-placeholder" aria-hidden>
          <VideoCameraOutlined />
        </span>
      )}
      <div className="content-item-body">
        <div className="content-item-name">{item.videoName}</div>
        <div className="content-item-tags">
          <Tag color={item.action === 'add' ? 'purple' : 'default'}>{t(`publisherContent.action.${item.action}`)}</Tag>
          <DecisionTag decision={item.decision} />
          {item.video?.inRecycleBin && <Tag>{t('publisherContent.drawer.inBin')}</Tag>}
        </div>
        {!item.video && <div className="list-muted">{t('publisherContent.drawer.videoGone')}</div>}
        {item.reason && <div className="content-item-reason">{t('publisherContent.drawer.reason', { reason: reasonLabel(item.reason, i18n.language) })}</div>}
        {item.note && <div className="content-text">{t('publisherContent.drawer.itemNote', { note: item.note })}</div>}
        {item.decidedAt && <div className="list-muted">{dateBy(item.decidedAt, item.decidedBy)}</div>}
      </div>
    </li>
  );
}
