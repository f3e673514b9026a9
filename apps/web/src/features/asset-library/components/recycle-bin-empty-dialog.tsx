import type { RecycleKind } from '@ads/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { AppModal } from '../../../shared/ui/dialogs';
import { showToast } from '../../../shared/ui/toast';
import { useEmptyBin, useRecycleList } from '../api';
import { errorText } from '../format';
import { Input } from '../../../shared/ui/input';

// antd's modal and input: the bin's view loads this (with antd) when "Empty" is first pressed.

/**
 * Emptying the bin (of the kinds shown) is for good: the user types the confirmation word before the
 * danger button works. The count is of everything that goes, whatever kind the table is filtered to.
 */
export default function EmptyBinDialog({ kinds, onClose }: { kinds: readonly RecycleKind[]; onClose: () => void }) {
  const { t } = useTranslation();
  const emptyBin = useEmptyBin();
  const videosOnly = kinds.length === 1 && kinds[0] === 'video';
  const everything = useRecycleList(kinds.length === 1 ? kinds[0] : undefined, 1, 1);
  const total = everything.data?.total ?? 0;
  const [typed, setTyped] = useState('');
  const word = t('recycleBin.emptyWord');
  const ready = typed.trim().toLocaleLowerCase() === word.toLocaleLowerCase() && everything.isSuccess;
  const text = (key: 'emptyTitle' | 'emptyText' | 'emptied') => (videosOnly ? `recycleBin.videosOnly.${key}` : `recycleBin.${key}`);

  const submit = async () => {
    try {
      const result = await emptyBin.mutateAsync([...kinds]);
      showToast('success', t(text('emptied'), { count: result.images + result.folders + result.videos }));
      onClose();
    } catch (cause) {
      showToast('error', errorText(t, cause));
    }
  };

  return (
    <AppModal
      // Opens once the count is known (this module loads when asked for, then the count): never "all 0 items".
      open={!everything.isPending}
      title={t(text('emptyTitle'))}
      okText={t('recycleBin.emptyOk', { count: total })}
      okButtonProps={{ danger: true, disabled: !ready }}
      cancelText={t('assetLibrary.common.cancel')}
      confirmLoading={emptyBin.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t(text('emptyText'), { count: total })}</p>
      <label className="field-label" htmlFor="empty-bin-confirm">
        {t('recycleBin.emptyTypeLabel', { word })}
      </label>
      <Input id="empty-bin-confirm" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" autoFocus />
    </AppModal>
  );
}
