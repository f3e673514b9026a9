// What other features use of request management (its page loads through the router, app/router):
// the dialog that files a status change request, the button that opens it, and the requests part
// of the campaign and ad slot drawers.
export { RequestStatusChangeButton } from './components/request-status-change-button';
export type { RequestStatusChangeDialogProps } from './components/request-status-change-dialog';
export { EntityStatusRequests, type EntityStatusRequestsProps } from './components/entity-status-requests';
export { requestLink } from './components/links';
