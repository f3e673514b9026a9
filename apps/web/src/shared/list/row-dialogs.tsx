import { Suspense } from 'react';
import { useTranslation } from '../i18n/translate';
import { showToast } from '../ui/toast';
import { lazyWithAntd } from '../ui/with-antd';

// Renaming a library's row (the feature draws its own move dialog: folders, series). Plain: the name
// dialog (antd's modal and form) loads with antd when a rename is first opened.

const NameDialog = lazyWithAntd(() => import('../ui/name-dialog').then((m) => ({ default: m.NameDialog })));

interface RenameDialogProps {
  /** The feature's messages (`assetLibrary`): rename.title, rename.done, columns.name, common.save … */
  messages: string;
  item: { name: string };
  maxLength: number;
  save: (name: string) => Promise<unknown>;
  errorText: (cause: unknown) => string;
  onClose: () => void;
}

/** Renaming a row: the name checked as the server will, then saved, with the feature's words. */
export function RenameDialog({ messages, item, maxLength, save, errorText, onClose }: RenameDialogProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={null}>
      <NameDialog
        title={t(`${messages}.rename.title`, { name: item.name })}
        label={t(`${messages}.columns.name`)}
        okText={t(`${messages}.common.save`)}
        cancelText={t(`${messages}.common.cancel`)}
        initialName={item.name}
        maxLength={maxLength}
        messages={{ required: t(`${messages}.common.nameRequired`), tooLong: t(`${messages}.common.tooLong`, { max: maxLength }) }}
        onSave={async (name) => {
          await save(name);
          showToast('success', t(`${messages}.rename.done`));
        }}
        errorText={errorText}
        onClose={onClose}
      />
    </Suspense>
  );
}
