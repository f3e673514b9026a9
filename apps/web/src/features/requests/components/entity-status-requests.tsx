import { STATUS_CHANGE_KINDS, STATUS_CHANGE_RULES, type StatusChange, type StatusChangeKind } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { formatDateTime } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { Alert } from '../../../shared/ui/alert';
import { pendingQuery, useCanRequest, useCanReviewRequests, useStatusChangeList } from '../api';
import '../messages/register';
import { kindLabel } from './format';
import { RequestStatusChangeButton } from './request-status-change-button';
import { requestLink } from './links';
import './requests.css';

export interface EntityStatusRequestsProps {
  entity: 'campaign' | 'adSlot';
  entityId: number;
  entityName: string;
  /** The entity's status now: which changes may be asked from it (STATUS_CHANGE_RULES). */
  entityStatus: string;
  onDone?: (request: StatusChange) => void;
}

/**
 * A campaign's or slot's status requests, in its drawer: a pending one ("Termination requested on …
 * — pending review", with a link to it), and the changes its status allows — a request for its
 * account's users, the change itself (applied at once) for staff. Nothing when neither applies.
 */
export function EntityStatusRequests({ entity, entityId, entityName, entityStatus, onDone }: EntityStatusRequestsProps) {
  const { t, i18n } = useTranslation();
  const staff = useCanReviewRequests();
  const canRequest = useCanRequest();
  const accountKind = useSession()?.userInfo.userBasicInfo.accountKind;
  const kinds = STATUS_CHANGE_KINDS.filter((kind) => {
    const { entity: of, from, requester }: { entity: string; from: readonly string[]; requester: string } = STATUS_CHANGE_RULES[kind];
    if (of !== entity || !from.includes(entityStatus)) return false;
    return staff || (canRequest && (requester === 'any' || requester === accountKind));
  });
  const pending = useStatusChangeList(pendingQuery(entity, entityId), kinds.length > 0);
  const waiting = pending.data?.items ?? [];
  if (!kinds.length && !waiting.length) return null;
  const pendingOf = (kind: StatusChangeKind) => waiting.find((request) => request.kind === kind);

  return (
    <div className="entity-requests" role="group" aria-label={t('requests.pending.section')}>
      {waiting.map((request) => (
        <Alert
          key={request.id}
          type="info"
          showIcon
          title={t('requests.pending.requested', { kind: kindLabel(t, request.kind), date: formatDateTime(request.requestedAt, i18n.language) })}
          description={<Link to={requestLink(request.id)}>{t('requests.pending.open')}</Link>}
        />
      ))}
      {kinds.length > 0 && (
        <div className="entity-requests-actions">
          {kinds.map((kind) => (
            <RequestStatusChangeButton
              key={kind}
              kind={kind}
              entityId={entityId}
              entityName={entityName}
              onDone={onDone}
              danger={kind !== 'adSlot.online'}
              // One pending request per entity and kind; the list answers first. Staff's own change
              // grants a pending request of its kind (the server approves it).
              disabled={pending.isPending || (!staff && pendingOf(kind) !== undefined)}
            >
              {t(staff ? `requests.pending.staffButton.${kind}` : `requests.pending.button.${kind}`)}
            </RequestStatusChangeButton>
          ))}
        </div>
      )}
    </div>
  );
}
