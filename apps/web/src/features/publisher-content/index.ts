// What other features use of publisher content (its pages load through the router): the dialog
// that submits a series (the video library's series menu) and where a request is shown.
import { lazyWithAntd } from '../../shared/ui/with-antd';

/** Submits a series for publication (or its changes); loads with antd when first shown. */
export const SubmitContentDialog = lazyWithAntd(() => import('./components/submit-dialog'));
export type { SubmitDialogProps as SubmitContentDialogProps } from './components/submit-dialog';
export { contentRequestLink } from './components/links';
