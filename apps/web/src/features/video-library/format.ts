import type { TFunction } from '../../shared/i18n/translate';
import { apiErrorText } from '../../shared/format';

// Display helpers of the video library (the ones every feature shares are in shared/format.ts).

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

/** A failed call in the user's language, with the library's messages for the server's codes. */
export const errorText = (t: TFunction, error: unknown): string => apiErrorText(t, error, 'videoLibrary.errors');
