import { videoList, type Power } from '@ads/contracts';
import type { Services } from '../app';
import type { DemoClock } from './demo-clock';

// Publisher content, submitted and decided through the publisher-content service as people would:
// the publisher's "News bulletins" series was published weeks ago (staff approved its request), and
// this morning it asked to publish a new "Weather" series, which waits in staff's Content Review and
// Action Center.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Who {
  userId: number;
  accountId: number;
}

export const seedDemoContent = async (services: Services, people: { publisher: Who; staff: Who }, { clock, now }: { clock: DemoClock; now: Date }) => {
  const { publisherContent, videos } = services;
  const at = (ms: number) => new Date(now.getTime() + ms);
  const publisher = { ...people.publisher, accountKind: 'publisher' as const, powers: new Set<Power>(['video.read', 'video.write', 'content.request']) };
  const staff = { ...people.staff, accountKind: 'internal' as const, powers: new Set<Power>(['video.read', 'content.review']) };

  const news = (await videos.listSeries(publisher)).items.find((s) => s.name === 'News bulletins');
  if (!news) throw new Error('demo: the News bulletins series is missing');
  clock.set(at(-21 * DAY));
  const first = await publisherContent.submit(publisher, { seriesId: news.id, note: 'Our evening bulletin, for the news channel.' });
  clock.set(at(-20 * DAY + 2 * HOUR));
  await publisherContent.decideRequest(staff, { id: first.id, version: first.version, decision: 'approved' });

  // The weather clip, outside any series until yesterday, gets a series of its own.
  const [weather] = (await videos.listVideos(publisher, videoList.request.parse({ search: 'weather-update', none: 'true' }))).items;
  if (!weather) throw new Error('demo: the weather-update clip is missing');
  clock.set(at(-DAY));
  const series = await videos.createSeries(publisher, { name: 'Weather' });
  await videos.setSeries(publisher, { ids: [weather.id], seriesId: series.id });
  clock.set(at(-4 * HOUR));
  await publisherContent.submit(publisher, { seriesId: series.id, note: 'Daily weather updates.' });
};
