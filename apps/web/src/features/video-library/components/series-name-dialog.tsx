import { SERIES_NAME_MAX, type Series } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { NameDialog } from '../../../shared/ui/name-dialog';
import { showToast } from '../../../shared/ui/toast';
import { useCreateSeries, useRenameSeries } from '../api';
import { errorText } from '../format';

// Creating or renaming a series (antd's modal and form): loaded when first asked for (series-panel.tsx).

export type SeriesDialog = { kind: 'create' } | { kind: 'rename'; series: Series };

export default function SeriesNameDialog({ dialog, onClose, onCreated }: { dialog: SeriesDialog; onClose: () => void; onCreated: (series: Series) => void }) {
  const { t } = useTranslation();
  const create = useCreateSeries();
  const rename = useRenameSeries();
  const save = async (name: string) => {
    if (dialog.kind === 'rename') {
      await rename.mutateAsync({ id: dialog.series.id, version: dialog.series.version, name });
      showToast('success', t('videoLibrary.series.renamed'));
    } else {
      const created = await create.mutateAsync({ name });
      showToast('success', t('videoLibrary.series.created', { name: created.name }));
      onCreated(created);
    }
  };
  return (
    <NameDialog
      title={dialog.kind === 'rename' ? t('videoLibrary.series.renameTitle', { name: dialog.series.name }) : t('videoLibrary.series.new')}
      label={t('videoLibrary.series.name')}
      okText={dialog.kind === 'rename' ? t('videoLibrary.common.save') : t('videoLibrary.common.create')}
      cancelText={t('videoLibrary.common.cancel')}
      initialName={dialog.kind === 'rename' ? dialog.series.name : ''}
      maxLength={SERIES_NAME_MAX}
      messages={{ required: t('videoLibrary.common.nameRequired'), tooLong: t('videoLibrary.common.tooLong', { max: SERIES_NAME_MAX }) }}
      onSave={save}
      errorText={(cause) => errorText(t, cause)}
      onClose={onClose}
    />
  );
}
