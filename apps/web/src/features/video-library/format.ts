import type { TFunction } from 'i18next';
import { isApiError } from '../../shared/api-client';

// Display helpers of the video library (formatBytes and formatDateTime as in the asset library,
// copied so that the two features stay independent).

/** 1536 → "1.5 KB" (binary units, as the 500 MB limit is counted). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Number(value.toFixed(1))} ${units[unit]}`;
}

/** 83_400 → "1:23"; an hour or more → "1:02:03". Rounded to the second (as players show it), never below 0:01 for a non-empty clip. */
export function formatDuration(ms: number): string {
  const total = ms > 0 ? Math.max(1, Math.round(ms / 1000)) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** A time in the player, with tenths: 12.34 → "0:12.3". */
export function formatSeconds(seconds: number): string {
  const safe = Math.max(0, seconds);
  const minutes = Math.floor(safe / 60);
  const rest = (safe - minutes * 60).toFixed(1).padStart(4, '0');
  return `${minutes}:${rest}`;
}

export const formatDateTime = (iso: string, language: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};

/** "1920×1080" with the usual name when there is one. */
export function formatResolution(width: number, height: number): string {
  return width > 0 && height > 0 ? `${width}×${height}` : '—';
}

/** "avc1.64001f" → "H.264", "vp09…" → "VP9"; unknown codecs as the file says. */
export function codecLabel(codec: string | null): string {
  if (!codec) return '—';
  const c = codec.toLowerCase();
  if (c.startsWith('avc') || c === 'h264') return 'H.264';
  if (c.startsWith('hvc') || c.startsWith('hev') || c === 'h265') return 'H.265';
  if (c.startsWith('av01') || c === 'av1') return 'AV1';
  if (c.startsWith('vp09') || c === 'vp9') return 'VP9';
  if (c.startsWith('vp08') || c === 'vp8') return 'VP8';
  return codec;
}

/** A failed call in the user's language: the library's message for the error code, else the server's sentence. */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    return t(`videoLibrary.errors.${error.code}`, { defaultValue: error.detail || t('videoLibrary.errors.generic') });
  }
  return t('videoLibrary.errors.generic');
}
