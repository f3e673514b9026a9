import { AimOutlined } from '@ant-design/icons';
import { Suspense, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useSession } from '../../../shared/session';
import { Button } from '../../../shared/ui/button';
import { useShownOnce } from '../../../shared/ui/lazy-named';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useCanReadConversions } from '../api';
import '../messages/register';

// The drawer (antd's drawer, tabs, table, dialogs; the contract's schema) is no part of the campaign
// list's first view: it loads with antd when first opened, and stays mounted to close with its motion.
const ConversionDrawer = lazyWithAntd(() => import('./conversion-drawer'));

/** "Conversion tracking" for the advertiser's campaign list: the button and the drawer it opens. */
export function ConversionTrackingButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const canRead = useCanReadConversions();
  // Conversion tags are advertisers' own (the server refuses anyone else).
  const advertiser = useSession()?.userInfo.userBasicInfo.accountKind === 'advertiser';
  const shown = useShownOnce(open);
  if (!canRead || !advertiser) return null;
  return (
    <>
      <Button icon={<AimOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('conversions.open')}
      </Button>
      {shown && (
        <Suspense fallback={null}>
          <ConversionDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
