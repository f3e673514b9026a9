import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// A placeholder until the notifications issue lands: the bell and a popup with the seed's two
// tabs. The popup's body (Tabs) is its own chunk, fetched on first open, so that the landing page
// does not wait for it.
const ActionCenterPanel = lazy(() => import('./action-center-panel'));

export function ActionCenterButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unread = 0;

  return (
    <Popover
      content={
        <div className="action-center-body" role="region" aria-labelledby="action-center-title">
          <h2 id="action-center-title" className="action-center-title">
            {t('actionCenter.title')}
          </h2>
          <Suspense fallback={<div className="action-center-loading">{t('app.loading')}</div>}>
            <ActionCenterPanel />
          </Suspense>
        </div>
      }
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      destroyOnHidden
    >
      <Button
        type="text"
        aria-label={t('shell.actionCenter')}
        aria-expanded={open}
        icon={
          <Badge count={unread} size="small">
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
