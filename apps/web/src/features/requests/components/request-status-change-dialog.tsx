import { createStatusChange, type StatusChange, type StatusChangeKind } from '@ads/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { errorDetails, isApiError } from '../../../shared/api-client';
import { Alert } from '../../../shared/ui/alert';
import { AppModal } from '../../../shared/ui/dialogs';
import { showToast } from '../../../shared/ui/toast';
import { useCanReviewRequests, useCreateStatusChange } from '../api';
import '../messages/register';
import { checkField, errorText, kindLabel, serverFieldProblem } from './format';
import { requestLink } from './links';
import { ReasonField } from './reason-field';
import './requests.css';

/**
 * Files one status change request (createStatusChange) with a reason.
 * - `kind`: the change asked for (STATUS_CHANGE_KINDS), e.g. 'account.close';
 * - `entityId`, `entityName`: the campaign, ad slot or account it is for (the name is only shown);
 * - `open`, `onClose`: shown while open; closed by Cancel, and after it is filed;
 * - `onDone(request)`: after it was filed (the request as the server holds it), beside the refetch
 *   of the request lists and, when applied, of the entity's scope.
 * Staff (request.review) file it as their own change: it applies at once and the dialog says so.
 * A pending request of the same kind (409 STATUS_CHANGE_PENDING) is named with a link to it.
 */
export interface RequestStatusChangeDialogProps {
  kind: StatusChangeKind;
  entityId: number;
  entityName: string;
  open: boolean;
  onClose: () => void;
  onDone?: (request: StatusChange) => void;
}

export default function RequestStatusChangeDialog({ kind, entityId, entityName, open, onClose, onDone }: RequestStatusChangeDialogProps) {
  const { t } = useTranslation();
  const direct = useCanReviewRequests();
  const create = useCreateStatusChange();
  const [reason, setReason] = useState('');
  const [fieldProblem, setFieldProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pendingId, setPendingId] = useState<number | null>(null);
  const names = { kind: kindLabel(t, kind), name: entityName };

  const submit = async () => {
    const found = checkField(t, createStatusChange.request.shape.reason, reason);
    if (found) return setFieldProblem(found);
    setProblem(null);
    setPendingId(null);
    try {
      const filed = await create.mutateAsync({ kind, entityId, reason: reason.trim() });
      showToast('success', t(direct ? 'requests.file.direct.done' : 'requests.file.sent', names));
      setReason('');
      onDone?.(filed);
      onClose();
    } catch (cause) {
      const field = serverFieldProblem(t, cause, 'reason');
      if (field) return setFieldProblem(field);
      if (isApiError(cause) && cause.code === 'STATUS_CHANGE_PENDING') {
        setProblem(t('requests.file.pendingAlready'));
        return setPendingId(errorDetails(cause, 'STATUS_CHANGE_PENDING')?.requestId ?? null);
      }
      setProblem(errorText(t, cause));
    }
  };

  return (
    <AppModal
      open={open}
      title={t(direct ? 'requests.file.direct.title' : 'requests.file.title', names)}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t(direct ? 'requests.file.direct.submit' : 'requests.file.submit')}
      okButtonProps={{ danger: kind !== 'adSlot.online' && kind !== 'account.reactivate', loading: create.isPending }}
      cancelText={t('requests.file.cancel')}
      destroyOnHidden
    >
      <p>
        {t(`requests.file.text.${kind}`)}
        {!direct && ` ${t('requests.file.reviewFirst')}`}
      </p>
      {direct && <Alert type="warning" showIcon title={t('requests.file.direct.text')} />}
      {problem && (
        <Alert
          type="error"
          showIcon
          className="request-file-problem"
          title={problem}
          description={pendingId !== null && <Link to={requestLink(pendingId)}>{t('requests.file.openPending')}</Link>}
        />
      )}
      <ReasonField
        id="request-file-reason"
        label={t('requests.file.reasonLabel')}
        placeholder={t(direct ? 'requests.file.direct.reasonPlaceholder' : 'requests.file.reasonPlaceholder')}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setFieldProblem(null);
        }}
        problem={fieldProblem}
      />
    </AppModal>
  );
}
