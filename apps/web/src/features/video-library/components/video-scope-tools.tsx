import { AppstoreOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Button } from '../../../shared/ui/button';
import { SegmentedRadio } from '../../../shared/ui/plain-controls';
import type { LibraryView } from '../library-state';

interface VideoScopeToolsProps {
  view: LibraryView;
  onView: (view: LibraryView) => void;
  /** Inside a series: its order can be arranged. */
  inSeries: boolean;
  /** Offer to select the page (or none): a writer's grid with cards. */
  canSelectPage: boolean;
  allOnPageSelected: boolean;
  onTogglePage: () => void;
  /** First in the row: the selected series' publication action. */
  extra?: ReactNode;
}

/** Beside the scope's heading: select the page, and Grid, List or Arrange. */
export function VideoScopeTools({ view, onView, inSeries, canSelectPage, allOnPageSelected, onTogglePage, extra }: VideoScopeToolsProps) {
  const { t } = useTranslation();
  // Grid and List show their icons only (their names stay the radios' names and tooltips);
  // Arrange shows its word too.
  const viewOptions = [
    { value: 'grid' as const, icon: <AppstoreOutlined aria-hidden />, label: t('videoLibrary.gallery.grid'), iconOnly: true },
    { value: 'list' as const, icon: <UnorderedListOutlined aria-hidden />, label: t('videoLibrary.gallery.list'), iconOnly: true },
    ...(inSeries
      ? [{ value: 'order' as const, icon: <OrderedListOutlined aria-hidden />, label: t('videoLibrary.gallery.arrange'), title: t('videoLibrary.gallery.arrangeTitle') }]
      : []),
  ];
  return (
    <div className="list-scope-tools">
      {extra}
      {canSelectPage && (
        <Button type="link" size="small" onClick={onTogglePage}>
          {allOnPageSelected ? t('videoLibrary.gallery.selectNone') : t('videoLibrary.gallery.selectPage')}
        </Button>
      )}
      <SegmentedRadio<LibraryView> className="video-view-toggle" label={t('videoLibrary.gallery.view')} value={view} onChange={onView} options={viewOptions} />
    </div>
  );
}
