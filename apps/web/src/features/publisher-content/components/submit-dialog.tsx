import { CONTENT_NOTE_MAX, submitContentRequest, type ContentRequestDetail } from '@ads/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { isApiError } from '../../../shared/api-client';
import { queryKeys } from '../../../shared/data/query-keys';
import { useContractQuery } from '../../../shared/data/use-contract-query';
import { Alert } from '../../../shared/ui/alert';
import { AppModal } from '../../../shared/ui/dialogs';
import { Input } from '../../../shared/ui/input';
import { Skeleton } from '../../../shared/ui/skeleton';
import { showToast } from '../../../shared/ui/toast';
import { useContentPreview, useSubmitContentRequest } from '../api';
import { checkField, contentRequestLink, errorText, pendingRequestOf, serverFieldProblem } from './format';
import '../messages/register';
import './publisher-content.css';

export interface SubmitDialogProps {
  open: boolean;
  onClose: () => void;
  /** The series to submit (the video library's); without it the dialog offers the account's series. */
  series?: { id: number; name: string };
  /** Opens a request on the page that shows the dialog (Request Approvals' drawer); a link to it otherwise. */
  onOpenRequest?: (id: number) => void;
  onSubmitted?: (request: ContentRequestDetail) => void;
}

/**
 * Submits a series for publication, or its changes since: what it would ask for (videos to publish,
 * videos to take out) first, then an optional note. A series with a pending request, or with nothing
 * changed, says so and submits nothing.
 */
export default function SubmitDialog({ open, onClose, series, onOpenRequest, onSubmitted }: SubmitDialogProps) {
  const { t } = useTranslation();
  // The account's series, for a new request from Request Approvals (the video library's query).
  const seriesList = useContractQuery('videos.seriesList', {}, { queryKey: queryKeys.series, enabled: open && !series });
  const [chosen, setChosen] = useState('');
  const seriesId = series?.id ?? (chosen ? Number(chosen) : undefined);
  const seriesName = series?.name ?? seriesList.data?.items.find((item) => item.id === seriesId)?.name ?? '';
  const preview = useContentPreview(open ? seriesId : undefined);
  const submit = useSubmitContentRequest();
  const [note, setNote] = useState('');
  const [noteProblem, setNoteProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const plan = preview.data;
  const pendingId = pendingRequestOf(failure) ?? plan?.pendingRequestId ?? undefined;
  const nothing = (plan && plan.add.length === 0 && plan.remove.length === 0) || (isApiError(failure) && failure.code === 'NOTHING_TO_SUBMIT');
  const canSubmit = !!plan && !nothing && pendingId === undefined;

  // Each opening starts afresh (the dialog stays mounted between them).
  const close = () => {
    setChosen('');
    setNote('');
    setNoteProblem(null);
    setFailure(null);
    onClose();
  };

  const choose = (value: string) => {
    setChosen(value);
    setFailure(null);
  };

  const send = async () => {
    if (seriesId === undefined || !canSubmit) return;
    const problem = note.trim() ? checkField(t, submitContentRequest.request.shape.note, note) : null;
    setNoteProblem(problem);
    if (problem) return;
    setFailure(null);
    try {
      const request = await submit.mutateAsync({ seriesId, ...(note.trim() ? { note: note.trim() } : {}) });
      showToast('success', t('publisherContent.submit.sent', { name: seriesName }));
      close();
      onSubmitted?.(request);
    } catch (cause) {
      const field = serverFieldProblem(t, cause, 'note');
      if (field) setNoteProblem(field);
      else setFailure(cause);
    }
  };

  const openPending = (id: number) =>
    onOpenRequest ? (
      <button
        type="button"
        className="content-link-button"
        onClick={() => {
          close();
          onOpenRequest(id);
        }}
      >
        {t('publisherContent.submit.openPending')}
      </button>
    ) : (
      <Link to={contentRequestLink(id)} className="content-link" onClick={close}>
        {t('publisherContent.submit.openPending')}
      </Link>
    );

  const title = series
    ? t(plan?.kind === 'update' ? 'publisherContent.submit.titleUpdate' : 'publisherContent.submit.title', { name: series.name })
    : t('publisherContent.submit.newTitle');

  return (
    <AppModal
      open={open}
      title={title}
      onCancel={close}
      onOk={() => void send()}
      okText={t('publisherContent.submit.ok')}
      okButtonProps={{ disabled: !canSubmit, loading: submit.isPending }}
      cancelText={t('publisherContent.submit.cancel')}
      destroyOnHidden
    >
      <div className="content-submit">
        {!series && (
          <div className="content-field">
            <label className="content-field-label" htmlFor="content-submit-series">
              {t('publisherContent.submit.series')}
            </label>
            {seriesList.data && seriesList.data.items.length === 0 ? (
              <p>{t('publisherContent.submit.noSeries')}</p>
            ) : (
              <select id="content-submit-series" className="plain-select content-series-select" value={chosen} onChange={(event) => choose(event.target.value)}>
                <option value="">{t('publisherContent.submit.seriesPlaceholder')}</option>
                {(seriesList.data?.items ?? []).map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </select>
            )}
          </div>
        )}
        {seriesId !== undefined &&
          (preview.isPending ? (
            <Skeleton active title={false} paragraph={{ rows: 3 }} />
          ) : preview.isError ? (
            <Alert type="error" showIcon title={t('publisherContent.submit.failed')} description={errorText(t, preview.error)} />
          ) : plan ? (
            <>
              {pendingId !== undefined ? (
                <Alert type="warning" showIcon title={t('publisherContent.submit.pending')} description={openPending(pendingId)} />
              ) : nothing ? (
                <Alert type="info" showIcon title={t('publisherContent.submit.nothing')} />
              ) : (
                <p>{t(plan.kind === 'update' ? 'publisherContent.submit.updateText' : 'publisherContent.submit.publishText')}</p>
              )}
              {plan.add.length > 0 && <NameList title={t('publisherContent.submit.add', { count: plan.add.length })} names={plan.add.map((video) => video.videoName)} />}
              {plan.remove.length > 0 && (
                <NameList title={t('publisherContent.submit.remove', { count: plan.remove.length })} names={plan.remove.map((video) => video.videoName)} />
              )}
              {failure !== null && pendingId === undefined && !nothing && <Alert type="error" showIcon title={errorText(t, failure)} />}
              {canSubmit && (
                <div className="content-field content-note-field">
                  <label className="content-field-label" htmlFor="content-submit-note">
                    {t('publisherContent.submit.noteLabel')}
                  </label>
                  <Input.TextArea
                    id="content-submit-note"
                    value={note}
                    placeholder={t('publisherContent.submit.notePlaceholder')}
                    maxLength={CONTENT_NOTE_MAX}
                    showCount
                    autoSize={{ minRows: 2, maxRows: 6 }}
                    status={noteProblem ? 'error' : undefined}
                    aria-invalid={noteProblem ? true : undefined}
                    aria-describedby={noteProblem ? 'content-submit-note-problem' : undefined}
                    onChange={(event) => {
                      setNote(event.target.value);
                      setNoteProblem(null);
                    }}
                  />
                  {noteProblem && (
                    <div id="content-submit-note-problem" className="content-field-error" role="alert">
                      {noteProblem}
                    </div>
                  )}
                </div>
              )}
            </>
          ) : null)}
      </div>
    </AppModal>
  );
}

function NameList({ title, names }: { title: string; names: string[] }) {
  return (
    <section className="content-name-list">
      <h3 className="content-section-title">{title}</h3>
      <ul>
        {names.map((name, index) => (
          <li key={`${index}-${name}`}>{name}</li>
        ))}
      </ul>
    </section>
  );
}
