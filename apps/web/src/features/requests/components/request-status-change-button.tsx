import { Suspense, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '../../../shared/ui/button';
import { useShownOnce } from '../../../shared/ui/lazy-named';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import type { RequestStatusChangeDialogProps } from './request-status-change-dialog';

// The dialog (antd's modal and text area) loads with antd when the button is first pressed: a page
// may show the button in its first view.
const RequestStatusChangeDialog = lazyWithAntd(() => import('./request-status-change-dialog'));

/**
 * A button that opens RequestStatusChangeDialog (its props: `kind`, `entityId`, `entityName`,
 * `onDone`); `children` is the button's label, the other props are the kit Button's (`danger`,
 * `disabled` …).
 */
export function RequestStatusChangeButton({
  kind,
  entityId,
  entityName,
  onDone,
  children,
  ...button
}: Omit<RequestStatusChangeDialogProps, 'open' | 'onClose'> & { children: ReactNode } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const [open, setOpen] = useState(false);
  const wanted = useShownOnce(open);
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)}>
        {children}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <RequestStatusChangeDialog kind={kind} entityId={entityId} entityName={entityName} onDone={onDone} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
