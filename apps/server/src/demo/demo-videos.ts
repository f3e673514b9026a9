import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Services } from '../app';
import { drawCard } from './demo-images';
import { together } from './together';

// The demo accounts' videos: short VP8 clips recorded once in Chromium (there is no encoder to draw
// them at start, as the images are), uploaded through the library's own chunked upload so that the
// server probes them, with posters drawn to match. Next to this file in the sources, next to the
// bundle in apps/server/dist (scripts/build-server.mjs copies them).
const MEDIA_DIR = path.resolve(import.meta.dirname, 'media');

interface Clip {
  file: string;
  title: string;
  colours: [string, string];
  series?: string;
}

const ADVERTISER_CLIPS: Clip[] = [
  { file: 'winter-blend-teaser.webm', title: 'Winter Blend', colours: ['#1d3557', '#457b9d'], series: 'Winter launch' },
  { file: 'winter-blend-cutdown.webm', title: 'Winter Blend', colours: ['#264653', '#2a9d8f'], series: 'Winter launch' },
  { file: 'store-opening.webm', title: 'Now open', colours: ['#495057', '#adb5bd'] },
];
const PUBLISHER_CLIPS: Clip[] = [
  { file: 'evening-bulletin-intro.webm', title: 'Evening Bulletin', colours: ['#6d2e46', '#a26769'], series: 'News bulletins' },
  { file: 'weather-update.webm', title: 'Weather', colours: ['#0077b6', '#90e0ef'] },
];

/** The clip's opening frame as the recording draws it: its gradient, the circle and the title. */
const poster = (clip: Clip) => drawCard({ width: 640, height: 360, colours: clip.colours, headline: clip.title }, { size: 56, y: '190' });

const seedClips = async (services: Services, owner: { userId: number; accountId: number; accountKind: 'advertiser' | 'publisher' }, clips: Clip[]) => {
  const caller = { ...owner, powers: new Set(['video.read', 'video.write'] as const) };
  const { videos } = services;
  const series = new Map<string, number>();
  const ids = new Map<string, number>();
  for (const clip of clips) {
    if (clip.series && !series.has(clip.series)) series.set(clip.series, (await videos.createSeries(caller, { name: clip.series })).id);
  }
  // The files and the posters are read and drawn together up front; the clips go up one by one.
  const media = clips.map((clip) => Promise.all([fs.promises.readFile(path.join(MEDIA_DIR, clip.file)), poster(clip)]));
  // Handled if an upload fails first; awaited below.
  for (const m of media) m.catch(() => {});
  for (const [i, clip] of clips.entries()) {
    const [bytes, drawn] = await media[i]!;
    const upload = await videos.startUpload(caller, { name: clip.file, bytes: bytes.length, seriesId: clip.series ? series.get(clip.series)! : null });
    await videos.uploadChunk(caller, { uploadId: upload.uploadId, offset: 0, stream: Readable.from([bytes]) });
    const video = await videos.completeUpload(caller, upload.uploadId);
    await videos.setPoster(caller, { id: video.id, version: video.version, stream: Readable.from([drawn]) });
    ids.set(clip.file, video.id);
  }
  return ids;
};

export const seedDemoVideos = async (
  services: Services,
  advertiser: { userId: number; accountId: number },
  publisher: { userId: number; accountId: number },
) => {
  // The two libraries are independent: their uploads (each probed in a worker of its own) go side by side.
  const [advertiserVideos] = await together([
    seedClips(services, { ...advertiser, accountKind: 'advertiser' }, ADVERTISER_CLIPS),
    seedClips(services, { ...publisher, accountKind: 'publisher' }, PUBLISHER_CLIPS),
  ]);
  return advertiserVideos;
};
