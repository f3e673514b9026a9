import { CONTENT_NOTE_MAX, decideContentItem } from '@ads/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { AppModal } from '../../../shared/ui/dialogs';
import { Input } from '../../../shared/ui/input';
import { usePolicyReasons } from '../api';
import { checkField, reasonLabel, serverFieldProblem } from './format';

export interface DecisionInput {
  reasonId?: number;
  note?: string;
}

interface DecisionDialogProps {
  /** What is decided: an approval takes a note, a rejection a policy reason and a note. */
  decision: 'approved' | 'rejected';
  title: string;
  text: string;
  okText: string;
  busy: boolean;
  onCancel: () => void;
  /** Sends the decision; answers the failure (undefined when it succeeded), whose field problems stay here. */
  onSubmit: (input: DecisionInput) => Promise<unknown>;
}

/** A decision's dialog: the policy reason (active ones, in the user's language) and an optional note. */
export function DecisionDialog({ decision, title, text, okText, busy, onCancel, onSubmit }: DecisionDialogProps) {
  const { t, i18n } = useTranslation();
  const rejecting = decision === 'rejected';
  const reasons = usePolicyReasons(false, rejecting);
  const [reasonId, setReasonId] = useState('');
  const [note, setNote] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const [noteProblem, setNoteProblem] = useState<string | null>(null);

  const submit = async () => {
    const missing = rejecting && !reasonId ? t('publisherContent.problems.reasonMissing') : null;
    const noteFound = note.trim() ? checkField(t, decideContentItem.request.shape.note, note) : null;
    setReasonProblem(missing);
    setNoteProblem(noteFound);
    if (missing || noteFound) return;
    const failed = await onSubmit({ ...(rejecting ? { reasonId: Number(reasonId) } : {}), ...(note.trim() ? { note: note.trim() } : {}) });
    if (failed) {
      setReasonProblem(serverFieldProblem(t, failed, 'reasonId'));
      setNoteProblem(serverFieldProblem(t, failed, 'note'));
    }
  };

  return (
    <AppModal
      open
      title={title}
      onCancel={onCancel}
      onOk={() => void submit()}
      okText={okText}
      okButtonProps={{ danger: rejecting, loading: busy }}
      cancelText={t('publisherContent.actions.back')}
      destroyOnHidden
    >
      <p>{text}</p>
      {rejecting && (
        <div className="content-field">
          <label className="content-field-label" htmlFor="content-decision-reason">
            {t('publisherContent.actions.reasonLabel')}
          </label>
          <select
            id="content-decision-reason"
            className="plain-select content-reason-select"
            value={reasonId}
            aria-invalid={reasonProblem ? true : undefined}
            aria-describedby={reasonProblem ? 'content-decision-reason-problem' : undefined}
            onChange={(event) => {
              setReasonId(event.target.value);
              setReasonProblem(null);
            }}
          >
            <option value="">{reasons.isPending ? t('publisherContent.reasons.loading') : t('publisherContent.actions.reasonPlaceholder')}</option>
            {(reasons.data?.items ?? [])
              .filter((reason) => reason.active)
              .map((reason) => (
                <option key={reason.id} value={reason.id}>
                  {reasonLabel(reason, i18n.language)}
                </option>
              ))}
          </select>
          {reasonProblem && (
            <div id="content-decision-reason-problem" className="content-field-error" role="alert">
              {reasonProblem}
            </div>
          )}
        </div>
      )}
      <div className="content-field content-note-field">
        <label className="content-field-label" htmlFor="content-decision-note">
          {t('publisherContent.actions.noteLabel')}
        </label>
        <Input.TextArea
          id="content-decision-note"
          value={note}
          placeholder={t('publisherContent.actions.notePlaceholder')}
          maxLength={CONTENT_NOTE_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
          status={noteProblem ? 'error' : undefined}
          aria-invalid={noteProblem ? true : undefined}
          aria-describedby={noteProblem ? 'content-decision-note-problem' : undefined}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteProblem(null);
          }}
        />
        {noteProblem && (
          <div id="content-decision-note-problem" className="content-field-error" role="alert">
            {noteProblem}
          </div>
        )}
      </div>
    </AppModal>
  );
}
