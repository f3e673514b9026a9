import { formatBytes } from '@ads/contracts';
import type { StorageUsage } from '@ads/contracts';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '../i18n/translate';
import './storage-usage-bar.css';
import './storage-usage-messages';

interface StorageUsageBarProps {
  /** Under the library's own keys, so that what refreshes the library refreshes the bar. */
  queryKey: QueryKey;
  load: (signal: AbortSignal) => Promise<StorageUsage>;
}

/** Ratio from which the bar warns (and at 1, says the storage is full). */
const NEAR_FULL = 0.9;

/**
 * The account's storage: a thin bar with "used of allowed" and, on hover, what it is made of (the
 * browser's tooltip; screen readers get the same lines as its description). The recycle bin is
 * named because its items still count until they are purged.
 */
export function StorageUsageBar({ queryKey, load }: StorageUsageBarProps) {
  const { t } = useTranslation();
  const id = useId();
  const detailsId = `${id}-details`;
  const usage = useQuery({ queryKey, queryFn: ({ signal }) => load(signal) });
  // Its box is kept while it loads (or failed to): the head around it must not move when it comes.
  if (!usage.data) return <div className="storage-usage is-pending" aria-hidden />;
  const u = usage.data;
  const ratio = u.quotaBytes > 0 ? u.usedBytes / u.quotaBytes : 0;
  const level = ratio >= 1 ? 'full' : ratio >= NEAR_FULL ? 'near' : 'ok';
  const used = t('storageUsage.used', { used: formatBytes(u.usedBytes), quota: formatBytes(u.quotaBytes) });
  const details = [
    t('storageUsage.images', { size: formatBytes(u.imageBytes) }),
    t('storageUsage.videos', { size: formatBytes(u.videoBytes) }),
    t('storageUsage.bin', { size: formatBytes(u.recycleBinBytes) }),
    t('storageUsage.reserved', { size: formatBytes(u.reservedBytes), count: u.openUploads, max: u.maxOpenUploads }),
  ];
  // Said under the bar: the storage is full, or how much of it the recycle bin still takes.
  const note =
    level === 'full' ? t('storageUsage.full') : u.recycleBinBytes > 0 ? t('storageUsage.binNote', { size: formatBytes(u.recycleBinBytes) }) : undefined;
  return (
    <div className={`storage-usage is-${level}`} data-testid="storage-usage">
      <div className="storage-usage-main" tabIndex={0} title={details.join('\n')} aria-describedby={note ? `${detailsId} ${id}` : detailsId}>
        <span className="storage-usage-text">
          {t('storageUsage.label')}: {used}
        </span>
        <div
          className="storage-usage-track"
          role="meter"
          aria-label={t('storageUsage.label')}
          aria-valuemin={0}
          aria-valuemax={u.quotaBytes}
          aria-valuenow={Math.min(u.usedBytes, u.quotaBytes)}
          aria-valuetext={used}
        >
          <div className="storage-usage-fill" style={{ width: `${Math.min(100, Math.round(ratio * 100))}%` }} />
        </div>
        <ul id={detailsId} className="visually-hidden">
          {details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      {note && (
        <span id={id} className="storage-usage-note">
          {note}
        </span>
      )}
    </div>
  );
}
