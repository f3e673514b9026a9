import { RECYCLE_KINDS } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { useHasPower } from '../api';
import { RecycleBinView } from '../components/recycle-bin-view';
import '../../../shared/ui/library-layout.css';
import '../asset-library.css';
import '../messages/register';

export default function RecycleBinPage() {
  const { t } = useTranslation();
  const keepsImages = useHasPower('asset.read');
  return (
    <div className="asset-library">
      <div className="library-head">
        <h1 className="page-title">{t('pages.assetLibrary/recycleBin.title')}</h1>
      </div>
      <RecycleBinView kinds={keepsImages ? RECYCLE_KINDS : ['video']} />
    </div>
  );
}

