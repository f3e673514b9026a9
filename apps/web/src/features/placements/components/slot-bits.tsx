import { GlobalOutlined, MobileOutlined } from '@ant-design/icons';
import type { AdSlotPlatform, CatalogueSlot } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { formatDateTime } from '../../../shared/format';
import { Tag } from '../../../shared/ui/tag';

// Cells the slot tables share: the site or app, and the account's disapproval.

/** A website's or an app's name with its icon (named for screen readers) and its domain or bundle id. */
export function PropertyCell({ slot }: { slot: { platform: AdSlotPlatform; propertyName: string; propertyId: string } }) {
  const { t } = useTranslation();
  const Icon = slot.platform === 'site' ? GlobalOutlined : MobileOutlined;
  const platform = t(`brandSafety.platform.${slot.platform}`);
  return (
    <>
      <div className="choice-property">
        <Icon className="choice-platform-icon" role="img" aria-label={platform} title={platform} />
        {slot.propertyName}
      </div>
      <div className="list-muted choice-small">{slot.propertyId}</div>
    </>
  );
}

/** Who disapproved and when: "by Avery · 20 Nov 2026, 10:00". */
export function DisapprovalByLine({ disapproval }: { disapproval: NonNullable<CatalogueSlot['disapproval']> }) {
  const { t, i18n } = useTranslation();
  const at = formatDateTime(disapproval.at, i18n.language);
  return (
    <div className="list-muted choice-small">
      {disapproval.by ? t('brandSafety.disapproval.byWhen', { name: disapproval.by.name, at }) : t('brandSafety.disapproval.when', { at })}
    </div>
  );
}

/** Allowed, or Disapproved with the reason, who and when under it. */
export function SlotStateCell({ slot }: { slot: Pick<CatalogueSlot, 'disapproval'> }) {
  const { t } = useTranslation();
  if (!slot.disapproval) {
    return (
      <Tag color="success" className="review-tag">
        {t('brandSafety.state.allowed')}
      </Tag>
    );
  }
  return (
    <>
      <Tag color="error" className="review-tag">
        {t('brandSafety.state.disapproved')}
      </Tag>
      <div className="choice-reason">{slot.disapproval.reason}</div>
      <DisapprovalByLine disapproval={slot.disapproval} />
    </>
  );
}
