import { ExclamationCircleFilled } from '@ant-design/icons';
import { CONFIRM_WIDTH } from '@ads/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import type { Blocker } from '../../../shared/router/router';
import { AppModal } from '../../../shared/ui/dialogs';
import { Button } from '../../../shared/ui/button';

// The unsaved-changes prompt, its texts to the letter: a confirm (416 wide) when leaving with
// unsaved changes. Save as Draft saves and then goes on; when the save fails the user stays, with
// the error on the page. Escape or the close button stay too: only the two buttons leave.

/** `live`: the live settings editor's prompt, whose save keeps the changes (there is no draft of a live campaign). */
export function LeavePrompt({ blocker, onSave, onLeave, live = false }: { blocker: Blocker; onSave: () => Promise<boolean>; onLeave: () => void; live?: boolean }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const open = blocker.state === 'blocked';

  const save = async () => {
    setSaving(true);
    const saved = await onSave();
    setSaving(false);
    if (blocker.state !== 'blocked') return;
    if (saved) blocker.proceed();
    else blocker.reset();
  };

  return (
    <AppModal
      open={open}
      width={CONFIRM_WIDTH}
      className="wizard-leave-prompt"
      title={
        <span className="wizard-leave-title">
          <ExclamationCircleFilled className="wizard-leave-icon" aria-hidden />
          {t('campaigns.wizard.leave.title')}
        </span>
      }
      onCancel={() => !saving && blocker.reset?.()}
      mask={{ closable: false }}
      closable={false}
      footer={[
        <Button
          key="leave"
          disabled={saving}
          onClick={() => {
            onLeave();
            blocker.proceed?.();
          }}
        >
          {t('campaigns.wizard.leave.leave')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void save()}>
          {t(live ? 'campaigns.wizard.live.leaveSave' : 'campaigns.wizard.leave.save')}
        </Button>,
      ]}
    >
      <p className="wizard-leave-content">{t(live ? 'campaigns.wizard.live.leaveContent' : 'campaigns.wizard.leave.content')}</p>
    </AppModal>
  );
}
