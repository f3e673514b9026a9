import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../ui/toast';
import { lazyWithAntd } from '../ui/with-antd';

// The dialogs a library opens on its rows: rename one, move some. A hook holds which rows they
// are for; the feature draws its own move dialog (folders, series). Plain: the name dialog (antd's
// modal and form) loads with antd when a rename is first opened, so pages may import this statically.

const NameDialog = lazyWithAntd(() => import('../ui/name-dialog').then((m) => ({ default: m.NameDialog })));

interface Dialogs<T> {
  rename: (item: T) => void;
  move: (items: T[]) => void;
  /** The open dialog, if any. */
  elements: (dialogs: {
    rename: (item: T, close: () => void) => ReactNode;
    move: (items: T[], close: () => void, moved: (ids: number[]) => void) => ReactNode;
  }) => ReactNode;
}

/** `onMoved` runs after a move (clear the selection). */
export function useRowDialogs<T>(onMoved: (ids: number[]) => void): Dialogs<T> {
  const [renaming, setRenaming] = useState<T | null>(null);
  const [moving, setMoving] = useState<T[] | null>(null);
  return {
    rename: setRenaming,
    move: setMoving,
    elements: (dialogs) => (
      <>
        {renaming && dialogs.rename(renaming, () => setRenaming(null))}
        {moving &&
          dialogs.move(
            moving,
            () => setMoving(null),
            (ids) => {
              setMoving(null);
              onMoved(ids);
            },
          )}
      </>
    ),
  };
}

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
