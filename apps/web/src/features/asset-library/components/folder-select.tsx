import { FolderOutlined, HomeOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import type { FolderNode } from '../folder-tree';
import { TreeSelect } from '../../../shared/ui/tree-select';

/** A destination: the root or a folder. */
export type FolderTarget = 'root' | number;

interface TreeOption {
  value: FolderTarget;
  title: string;
  icon: React.ReactNode;
  disabled?: boolean;
  children?: TreeOption[];
}

interface FolderSelectProps {
  id?: string;
  tree: readonly FolderNode[];
  value: FolderTarget | undefined;
  onChange: (value: FolderTarget) => void;
  /** Folders that cannot be chosen (a folder itself and its descendants when moving it). */
  excluded?: ReadonlySet<number>;
  ariaLabel?: string;
}

/** Picks a destination folder in the tree, the root first. */
export function FolderSelect({ id, tree, value, onChange, excluded, ariaLabel }: FolderSelectProps) {
  const { t } = useTranslation();
  const options = useMemo<TreeOption[]>(() => {
    const toOptions = (nodes: readonly FolderNode[]): TreeOption[] =>
      nodes
        // An excluded folder's descendants are excluded too: the whole branch goes.
        .filter((node) => !excluded?.has(node.folder.id))
        .map((node) => ({
          value: node.folder.id,
          title: node.folder.name,
          icon: <FolderOutlined aria-hidden />,
          children: node.children.length ? toOptions(node.children) : undefined,
        }));
    return [{ value: 'root', title: t('assetLibrary.folders.root'), icon: <HomeOutlined aria-hidden /> }, ...toOptions(tree)];
  }, [tree, excluded, t]);

  return (
    <TreeSelect<FolderTarget>
      id={id}
      aria-label={ariaLabel}
      style={{ width: '100%' }}
      treeData={options}
      value={value}
      onChange={onChange}
      treeDefaultExpandAll
      treeIcon
      showSearch
      treeNodeFilterProp="title"
      placeholder={t('assetLibrary.move.placeholder')}
      popupMatchSelectWidth
    />
  );
}
