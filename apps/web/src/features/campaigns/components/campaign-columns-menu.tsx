import { CAMPAIGN_LIST_COLUMNS, DEFAULT_CAMPAIGN_LIST_COLUMNS, type CampaignListColumn } from '@ads/contracts';
import { SettingOutlined } from '@ant-design/icons';
import { useId, useMemo, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { usePopup } from '../../../shared/use-popup';

/** The list's optional columns, each shown or hidden ("Columns"); the user's choice is saved by the page. */
export function CampaignColumnsMenu({ value, onChange }: { value: readonly CampaignListColumn[]; onChange: (columns: CampaignListColumn[]) => void }) {
  const { t } = useTranslation();
  const popupId = useId();
  const root = useRef<HTMLDivElement>(null);
  const { open, setOpen, button, onKeyDown } = usePopup(useMemo(() => [root], []));
  // In the table's order, whatever order they were ticked in.
  const toggle = (column: CampaignListColumn, checked: boolean) => onChange(CAMPAIGN_LIST_COLUMNS.filter((c) => (c === column ? checked : value.includes(c))));
  const isDefault = DEFAULT_CAMPAIGN_LIST_COLUMNS.length === value.length && DEFAULT_CAMPAIGN_LIST_COLUMNS.every((c) => value.includes(c));
  return (
    <div ref={root} className="plain-multi campaign-columns" onKeyDown={onKeyDown}>
      <button ref={button} type="button" className="plain-select plain-multi-button campaign-columns-button" aria-expanded={open} aria-controls={popupId} onClick={() => setOpen((shown) => !shown)}>
        <SettingOutlined aria-hidden /> {t('campaigns.list.columnChoice.button')}
      </button>
      {open && (
        <div id={popupId} className="plain-multi-popup campaign-columns-popup" role="group" aria-label={t('campaigns.list.columnChoice.label')}>
          {CAMPAIGN_LIST_COLUMNS.map((column, index) => (
            <label key={column} className="plain-multi-option">
              <input
                type="checkbox"
                className="plain-checkbox"
                checked={value.includes(column)}
                autoFocus={index === 0}
                onChange={(event) => toggle(column, event.target.checked)}
              />
              {t(`campaigns.list.columnChoice.names.${column}`)}
            </label>
          ))}
          {!isDefault && (
            <button type="button" className="plain-multi-clear" onClick={() => onChange([...DEFAULT_CAMPAIGN_LIST_COLUMNS])}>
              {t('campaigns.list.columnChoice.reset')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
